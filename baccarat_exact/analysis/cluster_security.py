"""TLS for ``--cluster``: the files a client shows a Dask scheduler, and what is said when
they are missing or refused.

A real cluster spans machines, and Dask's messages are pickles, which run code where they
are read: a ``tls://`` scheduler takes only clients whose certificate its CA signed. The
files come from ``--cluster-security CA,CERT[,KEY]`` (:func:`parse_cluster_security`) or,
without it, from Dask's own settings — its configuration file or environment variables
(``distributed.comm.tls.ca-file``, ``.client.cert``, ``.client.key``) — and are loaded
once before any connection (:func:`tls_files`), so that a missing or unreadable one is one
line naming it. A failed handshake is told by which side did not trust the other
(:func:`handshake_failure`); a plain ``tcp://`` address on another machine is warned of
(:func:`plain_text_warning`).
"""

from __future__ import annotations

import importlib
import ipaddress
import os
import re
import socket
import ssl
from dataclasses import dataclass
from typing import Any

from baccarat_exact.errors import SimulationError

__all__ = [
    "ENCRYPTED",
    "ClusterSecurity",
    "dask_security",
    "handshake_failure",
    "on_this_machine",
    "parse_cluster_security",
    "plain_text_warning",
    "tls_files",
]

ENCRYPTED = ("tls", "wss")
"""Schemes whose connections are TLS, and need a CA and a client certificate."""

_TLS_SETTINGS = (
    "give --cluster-security CA,CERT,KEY, or Dask's settings distributed.comm.tls.ca-file, "
    ".client.cert and .client.key (DASK_DISTRIBUTED__COMM__TLS__CA_FILE, "
    "…__CLIENT__CERT, …__CLIENT__KEY)"
)
"""Where a TLS scheduler's certificates can be given."""


@dataclass(frozen=True, slots=True)
class ClusterSecurity:
    """The PEM files a client shows a TLS scheduler."""

    ca_file: str
    """The certificate of the CA that signed the cluster's certificates."""
    cert: str
    """This client's certificate."""
    key: str | None = None
    """Its private key (None: in the certificate's file)."""


def parse_cluster_security(text: str) -> ClusterSecurity:
    """Read ``--cluster-security CA,CERT[,KEY]``: three paths (the key may be left out
    when it is in the certificate's file).

    >>> parse_cluster_security("ca.pem, client.pem, client.key")
    ClusterSecurity(ca_file='ca.pem', cert='client.pem', key='client.key')
    >>> parse_cluster_security("ca.pem")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --cluster-security takes CA,CERT[,KEY] (the CA's certificate, this client's certificate and its key, PEM files), got 'ca.pem'
    """
    paths = [path.strip() for path in text.split(",")]
    if not 2 <= len(paths) <= 3 or not all(paths):
        raise SimulationError(
            "--cluster-security takes CA,CERT[,KEY] (the CA's certificate, this client's "
            f"certificate and its key, PEM files), got {text!r}"
        )
    return ClusterSecurity(*paths)


def tls_files(address: str, given: ClusterSecurity | None) -> ClusterSecurity | None:
    """The TLS files to reach the scheduler at ``address`` with: ``given``, or Dask's
    configuration's (None for a plain address); checked by loading them.

    :raises SimulationError: when a TLS address has no CA or client certificate, a file
        cannot be loaded, or Dask's configuration requires encryption of a plain address.
    """
    configured = _distributed().Security()  # Dask's configuration file and environment
    if address.split("://", 1)[0] not in ENCRYPTED:
        if configured.require_encryption:
            raise SimulationError(
                f"--cluster {address}: Dask's configuration requires encryption "
                "(distributed.comm.require-encryption); give the scheduler's tls:// address"
            )
        return None
    files = given or ClusterSecurity(
        ca_file=configured.tls_ca_file or "",
        cert=configured.tls_client_cert or "",
        key=configured.tls_client_key or None,
    )
    missing = [
        what
        for what, path in (("CA certificate", files.ca_file), ("client certificate", files.cert))
        if path == ""
    ]
    if missing:
        none = f"no {missing[0]}" if len(missing) == 1 else f"neither a {' nor a '.join(missing)}"
        raise SimulationError(
            f"--cluster {address} speaks TLS, and {none} was given: {_TLS_SETTINGS}"
        )
    source = "--cluster-security" if given is not None else "Dask's configuration"
    _load(files, f"--cluster {address}: {source} names")
    return files


def _load(files: ClusterSecurity, said: str) -> None:
    """Load ``files`` as the TLS connection will, so that a missing or unreadable one is
    refused now, named (``said`` begins the line).

    :raises SimulationError: for a file that does not exist or is not PEM of its kind.
    """
    for path in (files.ca_file, files.cert, files.key):
        if path is not None and not os.path.isfile(path):
            raise SimulationError(f"{said} {path!r}, which is not a file")
    try:
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=files.ca_file)
    except (OSError, ValueError) as error:
        raise SimulationError(
            f"{said} {files.ca_file!r} as the CA's certificate, and it cannot be loaded "
            f"as one ({_why(error)})"
        ) from None
    try:
        context.load_cert_chain(files.cert, files.key)
    except (OSError, ValueError) as error:
        pair = files.cert if files.key is None else f"{files.cert}, {files.key}"
        raise SimulationError(
            f"{said} {pair!r} as this client's certificate and key, and they cannot be "
            f"loaded as such ({_why(error)})"
        ) from None


def dask_security(files: ClusterSecurity) -> Any:
    """A ``distributed.Security`` with these files (the rest — ciphers, TLS versions —
    from Dask's configuration)."""
    return _distributed().Security(
        tls_ca_file=files.ca_file,
        tls_client_cert=files.cert,
        tls_client_key=files.key,
        require_encryption=True,
    )


def _distributed() -> Any:
    """The ``distributed`` module (untyped; the caller has checked it is installed)."""
    return importlib.import_module("distributed")


def _why(error: BaseException) -> str:
    """An error of TLS or of a file in a few words (no Python error text)."""
    if isinstance(error, ssl.SSLError):
        return f"{error.reason or 'not a PEM certificate or key'}".replace("_", " ").lower()
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)


def handshake_failure(error: BaseException) -> str | None:
    """Why a TLS handshake failed, in a few words, if ``error`` (or what caused it) says
    it did: this side did not trust the scheduler's certificate, or the scheduler ended
    the handshake (it did not trust this client's)."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, ssl.SSLCertVerificationError):
            return (
                "this client does not trust the scheduler's certificate: "
                f"{cause.verify_message or cause.reason}"
            )
        if isinstance(cause, ssl.SSLEOFError):
            return "the scheduler does not accept this client's certificate"
        if isinstance(cause, ssl.SSLError):
            return _why(cause)
        alert = re.search(r"\[SSL: (TLSV1_ALERT_\w+)\]|SSLEOFError", str(cause))
        if alert:  # the scheduler's alert, which reaches this side only as text
            said = f" ({alert[1].replace('_', ' ').lower()})" if alert[1] else ""
            return f"the scheduler does not accept this client's certificate{said}"
        cause = cause.__cause__ or cause.__context__
    return None


def plain_text_warning(address: str) -> str | None:
    """What to tell of a scheduler's ``address`` before connecting: a plain ``tcp://``
    (or ``ws://``) address not on this machine sends the work and its results unencrypted
    and unauthenticated, and Dask's messages are pickles, which run code where they are
    read. None for anything else.

    >>> plain_text_warning("tcp://127.0.0.1:8786") is None
    True
    """
    scheme, rest = address.split("://", 1)
    if scheme not in ("tcp", "ws") or on_this_machine(rest.rsplit(":", 1)[0]):
        return None
    return (
        f"--cluster {address} is another machine, reached in plain text: anyone on the "
        "network can read the work and send pickles that run here; use tls:// with "
        "--cluster-security"
    )


def on_this_machine(host: str) -> bool:
    """Whether every address ``host`` names is this machine's (a loopback address, or one
    a socket can be bound to here). A name that does not resolve counts as here: no
    connection is made to it."""
    try:
        found = socket.getaddrinfo(host.strip("[]"), None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return True
    for family, _, _, _, sockaddr in found:
        ip = str(sockaddr[0])
        if ipaddress.ip_address(ip.split("%", 1)[0]).is_loopback:
            continue
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.bind((ip, 0))
        except OSError:
            return False
    return True
