"""Damages every entry of a kernel cache directory in one way, for
kernel-cache.mlir: the compiler must reject each kind of damage and compile
the kernel again.

usage: tamper_kernel_cache.py DIR flip|truncate|swap|version|payload

The entry format is lib/Target/KernelCache.cpp's: "STRATAKC", u32 format
version, 32-byte key, u32 metadata length, u64 payload length, metadata,
payload, SHA-256 of all the bytes before it.
"""

import hashlib
import pathlib
import struct
import sys

HEADER = 8 + 4 + 32 + 4 + 8


def reseal(body: bytes) -> bytes:
    """`body` with a valid checksum: damage only the checks after it see."""
    return body + hashlib.sha256(body).digest()


def main() -> int:
    directory, mode = pathlib.Path(sys.argv[1]), sys.argv[2]
    entries = sorted(directory.glob("*.kernel"))
    if len(entries) < 2:
        print(f"expected at least two entries in {directory}", file=sys.stderr)
        return 1
    originals = [entry.read_bytes() for entry in entries]
    for index, (entry, data) in enumerate(zip(entries, originals)):
        if mode == "flip":
            # One bit of the payload: the checksum no longer matches.
            middle = (HEADER + len(data) - 32) // 2
            data = data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1:]
        elif mode == "truncate":
            data = data[: len(data) // 2]
        elif mode == "swap":
            # Another key's intact entry under this key's name.
            data = originals[(index + 1) % len(originals)]
        elif mode == "version":
            # A later format, checksum and all.
            data = reseal(data[:8] + struct.pack("<I", 99) + data[12:-32])
        elif mode == "payload":
            # Intact as an entry, but its payload is not an object file.
            metadata_size, payload_size = struct.unpack_from("<IQ", data, 44)
            start = HEADER + metadata_size
            garbage = bytes(range(256)) * (payload_size // 256 + 1)
            data = reseal(data[:start] + garbage[:payload_size]
                          + data[start + payload_size:-32])
        else:
            print(f"unknown mode {mode}", file=sys.stderr)
            return 1
        entry.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
