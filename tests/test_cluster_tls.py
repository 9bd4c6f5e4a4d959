"""--cluster with TLS: a scheduler that speaks only TLS, with a CA and certificates made
here (the openssl command, or the ``cryptography`` package where installed; skipped
without either), is reached with --cluster-security or Dask's own configuration and gives
the bytes of one process; a client without certificates, or with ones it does not trust,
is refused in one line; a plain tcp:// address on another machine is warned of once.

The scheduler and its one worker run as threads of this process: no worker process is
started, and the certificates are small EC keys."""

from __future__ import annotations

import datetime
import importlib.util
import shutil
import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis import cluster_security
from baccarat_exact.analysis.cluster import cluster_address, unencrypted_warning
from baccarat_exact.analysis.cluster_security import ClusterSecurity, parse_cluster_security
from baccarat_exact.errors import SimulationError
from tests.cli_runner import run_main

QUICK = "2"
"""Seconds a scheduler has to answer in these tests (BACCARAT_EXACT_CONNECT_SECONDS)."""


@dataclass(frozen=True)
class Pki:
    """A CA, a certificate it signed (the scheduler's, its worker's and the client's),
    and a self-signed intruder's certificate: paths to PEM files."""

    ca: Path
    cert: Path
    key: Path
    intruder_cert: Path
    intruder_key: Path

    def given(
        self, cert: Path | None = None, key: Path | None = None, ca: Path | None = None
    ) -> str:
        """``--cluster-security``'s value: CA,CERT,KEY (the good ones unless named)."""
        return f"{ca or self.ca},{cert or self.cert},{key or self.key}"


def _openssl(folder: Path) -> None:
    """The files of :class:`Pki` in ``folder``, by the openssl command (EC keys: fast)."""
    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

    run("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=baccarat-exact test CA",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign")  # fmt: skip
    run("req", "-new", *curve, "-keyout", "node.key", "-out", "node.csr",
        "-subj", "/CN=127.0.0.1")  # fmt: skip
    run("x509", "-req", "-in", "node.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-set_serial", "2", "-days", "2", "-out", "node.pem")  # fmt: skip
    run("req", "-x509", *curve, "-keyout", "intruder.key", "-out", "intruder.pem",
        "-days", "2", "-subj", "/CN=intruder")  # fmt: skip


def _cryptography(folder: Path) -> None:
    """The files of :class:`Pki` in ``folder``, by the ``cryptography`` package."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.timezone.utc)

    def write(name: str, key: ec.EllipticCurvePrivateKey, cert: x509.Certificate) -> None:
        (folder / f"{name}.key").write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        (folder / f"{name}.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))

    def certificate(
        subject: str,
        key: ec.EllipticCurvePrivateKey,
        issuer: str,
        signer: ec.EllipticCurvePrivateKey,
        ca: bool,
    ) -> x509.Certificate:
        return (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
            .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
            .sign(signer, hashes.SHA256())
        )

    ca_key, node_key, intruder_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    ca = "baccarat-exact test CA"
    write("ca", ca_key, certificate(ca, ca_key, ca, ca_key, ca=True))
    write("node", node_key, certificate("127.0.0.1", node_key, ca, ca_key, ca=False))
    write(
        "intruder",
        intruder_key,
        certificate("intruder", intruder_key, "intruder", intruder_key, ca=True),
    )


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    """Certificates made for this module: by openssl where it is, else by ``cryptography``
    where it is installed; the module is skipped without either."""
    folder = tmp_path_factory.mktemp("pki")
    if shutil.which("openssl") is not None:
        _openssl(folder)
    elif importlib.util.find_spec("cryptography") is not None:
        _cryptography(folder)
    else:
        pytest.skip("neither the openssl command nor the cryptography package is here")
    return Pki(
        ca=folder / "ca.pem",
        cert=folder / "node.pem",
        key=folder / "node.key",
        intruder_cert=folder / "intruder.pem",
        intruder_key=folder / "intruder.key",
    )


@pytest.fixture(scope="module")
def tls_scheduler(pki: Pki) -> Iterator[str]:
    """A scheduler that speaks only TLS and requires a certificate its CA signed, with one
    worker thread (all in this process): its ``tls://`` address."""
    distributed = pytest.importorskip("distributed")
    files = {
        f"tls_{role}_{part}": str(path)
        for role in ("scheduler", "worker", "client")
        for part, path in (("cert", pki.cert), ("key", pki.key))
    }
    security = distributed.Security(tls_ca_file=str(pki.ca), require_encryption=True, **files)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tls",
        host="127.0.0.1",
        dashboard_address=None,
        security=security,
    ) as running:
        yield str(running.scheduler_address)


COUNTING = ("blackjack", "counting", "--decks", "1", "--shoes", "40", "--seed", "5",
            "--ramp", "1:2,3:4", "-q", "--format", "json")  # fmt: skip


def _lines(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_main(capsys, *args)


def test_with_the_files_given_a_tls_scheduler_deals_the_bytes_of_one_process(
    capsys: pytest.CaptureFixture[str], tls_scheduler: str, pki: Pki
) -> None:
    code, here, _ = _lines(capsys, *COUNTING)
    assert code == 0 and here.startswith("{")
    clustered = _lines(
        capsys, *COUNTING, "--cluster", tls_scheduler, "--cluster-security", pki.given()
    )
    assert clustered == (0, here, "")


def test_dask_s_own_configuration_gives_the_files(
    capsys: pytest.CaptureFixture[str], tls_scheduler: str, pki: Pki
) -> None:
    """distributed.comm.tls.* (a configuration file's, or DASK_DISTRIBUTED__COMM__TLS__*
    variables', which dask.config reads alike) stand in for --cluster-security."""
    import dask.config

    args = ("simulate", "--shoes", "2", "--decks", "1", "-q", "--format", "json")
    code, here, _ = _lines(capsys, *args)
    assert code == 0 and here.startswith("{")
    settings = {
        "distributed.comm.tls.ca-file": str(pki.ca),
        "distributed.comm.tls.client.cert": str(pki.cert),
        "distributed.comm.tls.client.key": str(pki.key),
    }
    with dask.config.set(settings):
        assert _lines(capsys, *args, "--cluster", tls_scheduler) == (0, here, "")


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one error line of ``blackjack counting`` with ``args``, which exits 2."""
    code, out, err = _lines(capsys, *COUNTING, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("Error: --cluster")
    return err


def test_a_client_without_certificates_is_told_what_is_missing(
    capsys: pytest.CaptureFixture[str], tls_scheduler: str
) -> None:
    """Before: "answers, but not as a Dask scheduler (TypeError)", blaming the server."""
    err = _refused(capsys, "--cluster", tls_scheduler)
    assert "speaks TLS, and neither a CA certificate nor a client certificate was given" in err
    assert "--cluster-security CA,CERT,KEY" in err and "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in err


def test_a_client_the_scheduler_does_not_trust_is_refused(
    capsys: pytest.CaptureFixture[str],
    tls_scheduler: str,
    pki: Pki,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", QUICK)
    security = pki.given(cert=pki.intruder_cert, key=pki.intruder_key)
    err = _refused(capsys, "--cluster", tls_scheduler, "--cluster-security", security)
    assert f"the TLS handshake with {tls_scheduler} failed" in err
    assert "the scheduler does not accept this client's certificate" in err


def test_a_scheduler_the_client_does_not_trust_is_refused(
    capsys: pytest.CaptureFixture[str],
    tls_scheduler: str,
    pki: Pki,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", QUICK)
    security = pki.given(ca=pki.intruder_cert)
    err = _refused(capsys, "--cluster", tls_scheduler, "--cluster-security", security)
    assert "this client does not trust the scheduler's certificate" in err


def test_files_that_are_missing_or_not_certificates_are_named(pki: Pki) -> None:
    pytest.importorskip("distributed")
    address = "tls://127.0.0.1:8786"
    with pytest.raises(SimulationError, match=r"names '.*nowhere\.pem', which is not a file"):
        cluster_address(address, pki.given(ca=pki.ca.parent / "nowhere.pem"))
    with pytest.raises(SimulationError, match=r"as the CA's certificate, and it cannot be loaded"):
        cluster_address(address, pki.given(ca=pki.key))
    with pytest.raises(SimulationError, match=r"as this client's certificate and key"):
        cluster_address(address, pki.given(cert=pki.ca))
    where = cluster_address(address, f"{pki.ca},{pki.cert},{pki.key}")
    assert where is not None and where.security == ClusterSecurity(
        str(pki.ca), str(pki.cert), str(pki.key)
    )


@pytest.mark.parametrize(
    ("cluster_text", "message"),
    [
        ("local:2", "not local:2 (its workers are on this machine)"),
        ("tcp://127.0.0.1:8786", "not tcp://127.0.0.1:8786 (plain text)"),
        (None, "--cluster-security goes with --cluster tls://HOST:PORT"),
    ],
)
def test_certificates_where_no_tls_is_spoken_are_refused(
    cluster_text: str | None, message: str
) -> None:
    with pytest.raises(SimulationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        cluster_address(cluster_text, "ca.pem,cert.pem")


@pytest.mark.parametrize("text", ["ca.pem", "a,b,c,d", "ca.pem,,key.pem", ""])
def test_malformed_security_is_refused(text: str) -> None:
    with pytest.raises(SimulationError, match=r"--cluster-security takes CA,CERT\[,KEY\]"):
        parse_cluster_security(text)


def test_a_plain_address_elsewhere_is_warned_of() -> None:
    """192.0.2.1 (TEST-NET-1, documentation only) is no machine's; loopback is this one's."""
    pytest.importorskip("distributed")
    warning = unencrypted_warning("tcp://192.0.2.1:8786")
    assert warning is not None and "plain text" in warning and "--cluster-security" in warning
    assert unencrypted_warning("tls://192.0.2.1:8786") is None
    for here in ("127.0.0.1:8786", "tcp://localhost:8786", "tcp://[::1]:8786", "local:2", "x"):
        assert unencrypted_warning(here) is None


def test_the_warning_is_one_line_before_the_run_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a Kelly ramp the shoes are dealt twice (two maps on the cluster): still one
    warning, then the run's own one-line refusal (nothing listens at the port)."""
    pytest.importorskip("distributed")
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", "0.5")  # retried until then
    monkeypatch.setattr(cluster_security, "on_this_machine", lambda host: False)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, out, err = _lines(
        capsys, *COUNTING, "--kelly", "1000", "--max-bet", "8", "--cluster", f"127.0.0.1:{port}"
    )
    warning, error = err.splitlines()
    assert code == 2 and out == ""
    assert warning.startswith(f"warning: --cluster tcp://127.0.0.1:{port} is another machine")
    assert error.startswith("Error: --cluster: no Dask scheduler answered")


def test_a_plain_address_at_a_tls_scheduler_is_hinted_to_be_tls(
    capsys: pytest.CaptureFixture[str], tls_scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tcp:// at a port where the scheduler speaks TLS: no Dask greeting comes back in
    time, and the line says what the address may need."""
    monkeypatch.setenv("BACCARAT_EXACT_CONNECT_SECONDS", "1")
    plain = tls_scheduler.replace("tls://", "tcp://")
    err = _refused(capsys, "--cluster", plain)
    assert f"no Dask scheduler answered at {plain}" in err
    assert "if it speaks TLS, give tls://HOST:PORT and --cluster-security" in err


def test_every_command_with_cluster_takes_cluster_security_alike() -> None:
    """One option, one help text, on every command that takes --cluster."""
    import typer

    from baccarat_exact.cli.root import whole_app

    def walk(command: Any, name: str) -> Iterator[tuple[str, Any]]:
        for sub_name, sub in (getattr(command, "commands", None) or {}).items():
            yield from walk(sub, f"{name} {sub_name}".strip())
        if not getattr(command, "commands", None):
            yield name, command

    helps = {}
    for name, command in walk(typer.main.get_command(whole_app()), ""):
        options = {option: param for param in command.params for option in param.opts}
        if "--cluster" in options:
            assert "--cluster-security" in options, name
            helps[name] = options["--cluster-security"].help
    assert set(helps) == {
        "simulate",
        "blackjack simulate",
        "blackjack counting",
        "dragon-tiger simulate",
    }
    assert len(set(helps.values())) == 1
