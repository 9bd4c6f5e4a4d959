"""The docs show the tool as it is: every command documented, every example's output real."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer

from baccarat_exact.cli import app
from docs.gen_cli import command_paths, run
from tests.cli_runner import run_main

DOCS = Path(__file__).resolve().parent.parent / "docs"
CLI_PAGE = (DOCS / "cli.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"```console\n\$ baccarat-exact (?P<args>[^\n]*)\n(?P<output>.*?)\n```", re.S)


def test_every_command_has_help_text() -> None:
    root = typer.main.get_command(app)

    def walk(group: object) -> None:
        for name, command in getattr(group, "commands", {}).items():
            assert (command.help or "").strip(), f"command {name!r} has no help text"
            walk(command)

    walk(root)


@pytest.mark.parametrize("path", command_paths())
def test_every_command_is_in_the_cli_reference(path: str) -> None:
    assert f"## `baccarat-exact {path}`" in CLI_PAGE, (
        f"run `make docs`: {path} is missing from docs/cli.md"
    )


OWN_PROCESS = ("--jobs", "--cluster", "--write", "--junit", "|", "<", ">")
"""Words of an example that runs as ``make docs`` runs it, in a process of its own: worker
processes, files written, the shell's pipes and redirections."""


def example_output(
    args: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    """What ``make docs`` shows for ``baccarat-exact args`` (``docs.gen_cli.run``: stdout
    then stderr, lines right-stripped, an 80-column plain terminal), run in this process
    where a process of its own adds nothing but its start-up."""
    import shlex

    words = shlex.split(args)
    if any(word in OWN_PROCESS for word in words):
        return run(args)
    monkeypatch.chdir(DOCS.parent)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    _, out, err = run_main(capsys, *words, columns=80)
    return "\n".join(line.rstrip() for line in (out + err).splitlines())


@pytest.mark.parametrize(("args", "output"), EXAMPLE.findall(CLI_PAGE))
def test_cli_reference_examples_show_real_output(
    args: str, output: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if args == "check tests/golden":
        pytest.skip("`make test` runs it as its last step (`check --quiet tests/golden`)")
    shown = example_output(args, capsys, monkeypatch)
    assert shown.rstrip() == output.rstrip(), f"run `make docs`: output of {args!r} changed"


def test_readme_shows_the_real_output_of_make_run() -> None:
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    shown = readme.split("`make run` prints:\n\n```text\n", 1)[1].split("```", 1)[0]
    assert shown.rstrip() == run("odds").rstrip(), (
        "README: paste the current `baccarat-exact odds` output"
    )


def page_examples() -> list[tuple[str, str, str]]:
    """(page, arguments, shown output) of every re-runnable example on the user pages."""
    from docs.gen_examples import EXAMPLE as PAGE_EXAMPLE
    from docs.gen_examples import GENERATED, runnable

    found = []
    for page in sorted(DOCS.glob("*.md")):
        if page.name in GENERATED:
            continue
        for match in PAGE_EXAMPLE.finditer(page.read_text(encoding="utf-8")):
            if runnable(match["args"]):
                found.append((page.name, match["args"], match["output"]))
    return found


LEFT_TO_MAKE_DOCS = (
    "blackjack edge",
    "blackjack strategy",
    "blackjack rulesets",
    "blackjack round",
    "blackjack simulate",
)
"""Examples of half a minute or more (a 6-deck blackjack solved exactly, a blackjack shoe
priced round by round): `make docs` re-runs them."""


def _without_table(args: str) -> list[str]:
    """An example's words, its ``--table NAME`` left out."""
    import shlex

    words = shlex.split(args)
    if "--table" in words:
        i = words.index("--table")
        del words[i : i + 2]
    return words


def _a_long_run(args: str) -> bool:
    """Whether ``args`` prices 10,000 shoes or more hand by hand (``simulate`` without
    ``--fast``): a quarter of a minute of CPU or more each. ``make docs`` re-runs them; the
    golden documents of ``simulate`` check the same machinery (ramps, Kelly, counts) on a
    few shoes with every value."""
    words = _without_table(args)
    if words[0] != "simulate" or "--fast" in words or "--shoes" not in words:
        return False
    return int(words[words.index("--shoes") + 1]) >= 10_000


@pytest.mark.parametrize(("page", "args", "output"), page_examples())
def test_page_examples_show_real_output(
    page: str,
    args: str,
    output: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if "--plot" in args or args.startswith(LEFT_TO_MAKE_DOCS):
        pytest.skip("draws a page's image or takes minutes: `make docs` re-runs it")
    if _a_long_run(args):
        pytest.skip("10,000 shoes priced hand by hand: `make docs` re-runs it")
    assert example_output(args, capsys, monkeypatch).rstrip() == output.rstrip(), (
        f"run `make docs`: the output of {args!r} on docs/{page} changed"
    )


def test_every_example_shows_its_output_and_nothing_else() -> None:
    # an example written without its output yet must not swallow the page up to the next
    # fence when `make docs` fills it in
    from docs.gen_examples import EXAMPLE as PAGE_EXAMPLE

    text = "```console\n$ baccarat-exact odds --brief\n```\n\nProse.\n\n```console\n$ baccarat-exact x\ny\n```"
    (first, _) = list(PAGE_EXAMPLE.finditer(text))
    assert first["output"] == ""
    for page, args, output in page_examples():
        assert "```" not in output and output.strip(), (page, args)


def readme_commands() -> list[str]:
    """The arguments of every ``$B ...`` line of the README's examples."""
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Use it", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [
        line.removeprefix("$B ").split("  #", 1)[0].strip()
        for line in block.splitlines()
        if line.startswith("$B ")
    ]


@pytest.mark.parametrize("args", readme_commands())
def test_readme_commands_run_as_written(
    args: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every command the README shows runs as written: exit 0, output, no error. They run
    in a scratch directory that sees docs/ and tests/ (`check --write golden` writes
    there); in this process, unless they start worker processes of their own."""
    if args == "check tests/golden":
        pytest.skip("`make test` runs it as its last step (`check --quiet tests/golden`)")
    import shlex
    import subprocess

    from docs.gen_cli import ENV, ROOT, SCRIPT

    for name in ("docs", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    words = shlex.split(args)
    if any(word in OWN_PROCESS for word in words if word not in ("--write",)):
        done = subprocess.run(
            [str(SCRIPT), *words], capture_output=True, text=True, env=ENV, cwd=tmp_path
        )
        code, out, err = done.returncode, done.stdout, done.stderr
    else:
        monkeypatch.chdir(tmp_path)
        code, out, err = run_main(capsys, *words, columns=80)
    assert code == 0, err
    assert out and "Error" not in err


def _machine_format(args: str) -> bool:
    """Whether an example writes CSV, JSON, Markdown or LaTeX (not the text view), or a
    JSON Schema."""
    import shlex

    words = shlex.split(args)
    if words[0] == "schema" and len(words) > 1 and not words[1].startswith("-"):
        return True  # a schema is JSON, whatever the format
    for flag in ("-f", "--format"):
        if flag in words and words.index(flag) + 1 < len(words):
            return words[words.index(flag) + 1] != "table"
    return any(word.startswith("--format=") and word != "--format=table" for word in words)


def test_every_text_view_in_the_cli_reference_fits_80_columns() -> None:
    """docs/cli.md is written at 80 columns: every help and every text-view example fits
    (the examples are re-run by the test above, so this is the tool's own width). Two
    kinds of line are exceptions: a ``check`` FAIL line quotes a value in full, at any
    length, and an ``Error:`` line on stderr is one line by contract (never wrapped)."""
    wide = []
    for block in re.findall(r"```(?:text|console)\n(.*?)\n```", CLI_PAGE, re.S):
        first = block.split("\n", 1)[0]
        if _machine_format(first.removeprefix("$ baccarat-exact ")):
            continue
        wide += [
            (first, line)
            for line in block.splitlines()[1:]
            if len(line) > 80 and not line.startswith(("FAIL ", "Error: "))
        ]
    assert not wide, wide[:3]
