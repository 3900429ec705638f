"""Runs a program on a graph that arrives through a named pipe.

usage: through_fifo.py FIFO_PATH KIND [--max-bytes N] -- PROGRAM ARGS...

Creates FIFO_PATH, writes KIND into it from a thread while PROGRAM (whose
arguments name FIFO_PATH) reads it, and exits with PROGRAM's status, its
stdout and stderr passed through; with --max-bytes, with status 3 if PROGRAM
took more than N bytes before it stopped reading. KIND:
  sg-claims-too-much   a .sg header claiming 2^62 edges and 2e9 vertices,
                       then 1 MiB of zeros and the end of the stream
  endless-edges        "0 1" lines until the program stops reading
  sg-endless           a .sg header and offsets claiming 4 vertices and 2^32
                       edges (16 GiB of neighbours), then zeros without end
"""
import os
import struct
import subprocess
import sys
import threading


def chunks(kind):
    if kind == "sg-claims-too-much":
        yield struct.pack("<?qq", False, 1 << 62, 2_000_000_000) + bytes(1 << 20)
    elif kind == "sg-endless":
        yield struct.pack("<?qq5q", False, 1 << 32, 4, 0, 0, 0, 0, 1 << 32)
        chunk = bytes(1 << 20)
        while True:
            yield chunk
    elif kind == "endless-edges":
        chunk = b"0 1\n" * (1 << 16)
        while True:
            yield chunk
    else:
        sys.exit(f"through_fifo.py: unknown kind {kind!r}")


def main():
    fifo, kind, *rest = sys.argv[1:]
    max_bytes = None
    if rest[:1] == ["--max-bytes"]:
        max_bytes, rest = int(rest[1]), rest[2:]
    dashes, *command = rest
    assert dashes == "--" and command, __doc__
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)

    written = 0

    def write():
        nonlocal written
        try:
            with open(fifo, "wb") as out:
                for chunk in chunks(kind):
                    out.write(chunk)
                    written += len(chunk)
        except BrokenPipeError:
            pass  # the program stopped reading: what a loader that refuses does

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    status = subprocess.run(command).returncode
    # A program that never opened the pipe leaves the writer blocked in open().
    # One that stopped reading an endless stream leaves it blocked in write():
    # opening for reading and closing breaks its pipe either way.
    while writer.is_alive():
        with open(fifo, "rb") as drain:
            drain.read(1)
        writer.join(0.1)
    os.remove(fifo)
    if max_bytes is not None and written > max_bytes:
        sys.stderr.write("through_fifo.py: the program took %d bytes, more than %d\n"
                         % (written, max_bytes))
        sys.exit(3)
    sys.exit(status)


if __name__ == "__main__":
    main()
