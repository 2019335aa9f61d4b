# Writes a float32 .npy file of the given shape whose element at index
# (i, j) is eval(EXPR) (a Python expression in i and j), without numpy:
#   write-npy.py OUT.npy ROWS COLS EXPR
# Used by test/Runtime/compiled-threads.test for inputs too big to spell on
# the command line.
import struct
import sys

path, rows, cols, expr = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
# The magic, version 1.0, then the header padded with spaces and a newline
# so that the data starts on a multiple of 64 bytes.
total = 10 + len(header) + 1
header += " " * ((64 - total % 64) % 64) + "\n"
code = compile(expr, "<expr>", "eval")
with open(path, "wb") as out:
    out.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
    out.write(b"".join(struct.pack("<f", float(eval(code, {"i": i, "j": j})))
                       for i in range(rows) for j in range(cols)))
