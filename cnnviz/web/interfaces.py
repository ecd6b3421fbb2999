"""The network interfaces the class canvas may listen on: the teacher chooses one.

Read from the operating system's own list (psutil): nothing is sent and no name is looked up.
Only IPv4 addresses that phones can reach: loopback and link-local (169.254.x.x: no DHCP answered)
are left out. Private classroom addresses (192.168/16, 10/8, 172.16/12) come first.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class Interface:
    name: str
    """What the system calls it (``wlan0``, ``Wi-Fi``, ``en0``)."""
    address: str


def numeric_host(host: str) -> str:
    """``host`` as a numeric IP address (``localhost`` is 127.0.0.1). A name is refused (the class canvas
    resolves none), and so is "every interface" (0.0.0.0, ::): it listens on the one the teacher chose."""
    host = host.strip().strip("[]")
    if host.lower() == "localhost":
        return "127.0.0.1"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        raise ValueError(f"{host[:60]!r} is not a numeric IP address (the class canvas resolves no names)") from None
    if ip.is_unspecified:
        raise ValueError(
            f"{host} means every network at once: give the address of one (the class canvas "
            "listens only where it is asked)"
        )
    return str(ip)


def parse_host_port(text: str) -> tuple[str | None, int]:
    """``[HOST][:PORT]`` -> ``(host or None, port or 0)``: ``192.168.1.5:8123``, ``:8123``, ``[::1]:8123``, ``""``."""
    text = text.strip()
    host, port = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest and not rest.startswith(":"):
            raise ValueError(f"expected [IPv6]:PORT, got {text[:60]!r}")
        port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    if port:
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise ValueError(f"the port must be a number from 1 to 65535, got {port[:20]!r}")
    return (numeric_host(host) if host else None), int(port or 0)


def _reachable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified)


def network_interfaces(listing=None) -> list[Interface]:
    """The interfaces that are up and have an IPv4 address phones could reach, private ones first.
    ``listing``: ``{name: [(family, address), ...]}`` instead of the system's (tests); empty when psutil
    is missing or lists nothing (the window then says that no network was found)."""
    if listing is None:
        listing = _system_listing()
    found = []
    for name, addresses in listing.items():
        for family, address in addresses:
            if family == socket.AF_INET and _reachable(address):
                found.append(Interface(name, address))
    return sorted(found, key=lambda i: (not ipaddress.ip_address(i.address).is_private, i.name, i.address))


def _system_listing() -> dict[str, list[tuple[int, str]]]:
    try:
        import psutil
    except ImportError:
        return {}
    try:
        up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
        return {
            name: [(a.family, a.address) for a in addresses]
            for name, addresses in psutil.net_if_addrs().items()
            if name in up
        }
    except OSError:
        return {}
