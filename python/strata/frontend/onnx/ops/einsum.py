#===- einsum.py - The ONNX Einsum op --------------------------------------===#
#
# Einsum as transposes, reshapes, graph.reduce_sum and graph.matmul. The
# operands are contracted left to right; for each pair the letters only one
# side has and nothing later needs are summed first, then the pair becomes
# one batched matmul: [batch..., left..., contracted] x [batch...,
# contracted, right] (the contracted and right letters flattened by
# reshapes), reshaped back to [batch..., left..., right...]. The result is
# transposed to the output's order. A pair with nothing to contract is an
# elementwise product (graph.mul) instead.
#
# A letter repeated within one operand takes the diagonal first: the two
# dims moved last and flattened, then a graph.gather of the flat positions
# i * (n + 1) (a graph.range when n is known only at run time). That copies
# the diagonal exactly (no products with a mask, so inf and NaN elsewhere
# do not leak in) and works for any element type.
#
# Ellipses are supported (broadcast like matmul's batch dims); a flattening
# of the contracted or right letters with more than one unknown size is
# reported.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler
from .compose import _Builder, _prod

#: The stand-ins of the dims an ellipsis covers (not ASCII letters, which
#: are the equation's own subscripts).
_ELLIPSIS_LETTERS = "".join(chr(0x3b1 + i) for i in range(24))


def _parse(equation: str, ranks) -> tuple:
    """(input letter strings, output letter string) with every '...'
    replaced by stand-in letters (right-aligned across the operands). An
    input may repeat a letter (a diagonal); the output may not."""
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs, out = eq, None
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise _Unsupported(f"equation '{equation}' has {len(terms)} operands, "
                           f"the node {len(ranks)}")
    for t in terms + ([out] if out is not None else []):
        body = t.replace("...", "")
        if not all(c.isascii() and c.isalpha() for c in body):
            raise _Unsupported(f"equation '{equation}' is not supported")
    ell_rank = 0
    for t, r in zip(terms, ranks):
        if "..." in t:
            ell_rank = max(ell_rank, r - len(t.replace("...", "")))
    ell = _ELLIPSIS_LETTERS[:ell_rank]
    inputs = []
    for t, r in zip(terms, ranks):
        if "..." in t:
            n = r - len(t.replace("...", ""))
            if n < 0:
                raise _Unsupported(f"operand '{t}' has rank {r}")
            t = t.replace("...", ell[ell_rank - n:])
        if len(t) != r:
            raise _Unsupported(f"operand '{t}' does not match rank {r}")
        inputs.append(t)
    if out is None:
        letters = "".join(inputs)
        out = ell + "".join(sorted(c for c in set(letters) if c.isascii()
                                   and letters.count(c) == 1))
    else:
        out = out.replace("...", ell)
    if len(set(out)) != len(out):
        raise _Unsupported(f"output '{out}' repeats a subscript")
    missing = set(out) - set("".join(inputs))
    if missing:
        raise _Unsupported(f"output subscripts {sorted(missing)} appear in "
                           "no operand")
    return inputs, out


class _Einsum:

    def __init__(self, b: _Builder):
        self.b = b
        self.size = {}  # letter -> size (None when unknown)

    def note_sizes(self, letters: str, x: _Value):
        for c, d in zip(letters, x.dims):
            old = self.size.get(c, 1)
            if c not in self.size:
                self.size[c] = d
            elif old == 1 or old is None and d not in (None, 1):
                self.size[c] = d

    def diagonal(self, x: _Value, letters: str) -> tuple:
        """`x` with each repeated letter reduced to its diagonal (the
        letter's one dim moved last), and its letters."""
        b = self.b
        i64 = TensorProto.INT64
        for c in sorted(set(letters), key=letters.index):
            while letters.count(c) > 1:
                first = letters.index(c)
                second = letters.index(c, first + 1)
                rest = [i for i in range(x.rank) if i not in (first, second)]
                x = b.transpose(x, rest + [first, second])
                lead = len(rest)
                n = self.size[c]
                if n is not None:
                    picks = b.i64([i * (n + 1) for i in range(n)], "diag")
                else:
                    shape = b.op("shape_of", [x], i64, (x.rank,))
                    size = b.element(shape, lead)
                    start, stride = b.scalar(0, i64), b.add(size, b.scalar(
                        1, i64))
                    limit = b.mul(size, size)
                    picks = b.range(start, limit, stride, "diag")
                # The leading dims are copied (0) so that their sizes need
                # not be known.
                flat = b.reshape(x, [0] * lead + [-1], tuple(x.dims[:lead]) +
                                 (None if n is None else n * n,))
                x = b.op("gather", [flat, picks], x.elem,
                         tuple(x.dims[:lead]) + (n,),
                         {"axis": f"{lead} : i64"})
                letters = "".join(letters[i] for i in rest) + c
        return x, letters

    def sum_out(self, x: _Value, letters: str, keep: set) -> tuple:
        """Sums the dims of `x` whose letters are not in `keep`."""
        axes = [i for i, c in enumerate(letters) if c not in keep]
        if not axes:
            return x, letters
        y = self.b.reduce("reduce_sum", x, axes, keepdims=False)
        return y, "".join(c for c in letters if c in keep)

    def permute(self, x: _Value, letters: str, order: str) -> _Value:
        return self.b.transpose(x, [letters.index(c) for c in order])

    def flatten(self, x: _Value, nkeep: int, groups) -> _Value:
        """Reshapes `x` (its first `nkeep` dims kept, then the letter
        groups) to [kept..., one dim per group]."""
        sizes = [_prod([self.size[c] for c in g]) for g in groups]
        if x.rank == nkeep + len(groups) and all(len(g) == 1
                                                 for g in groups):
            return x
        if sum(1 for s in sizes if s is None) > 1:
            raise _Unsupported("more than one flattened group has an "
                               "unknown size")
        shape = [0] * nkeep + [-1 if s is None else s for s in sizes]
        dims = tuple(x.dims[:nkeep]) + tuple(sizes)
        return self.b.reshape(x, shape, dims)

    def contract(self, a: _Value, la: str, bv: _Value, lb: str,
                 needed: set) -> tuple:
        """One batched matmul: [batch..., left..., contracted] x
        [batch..., contracted, right] (the left letters stay apart, as
        matmul batch dims, so that their sizes need not be known)."""
        a, la = self.sum_out(a, la, set(lb) | needed)
        bv, lb = self.sum_out(bv, lb, set(la) | needed)
        batch = "".join(c for c in la if c in lb and c in needed)
        contracted = "".join(c for c in la if c in lb and c not in needed)
        left = "".join(c for c in la if c not in lb)
        right = "".join(c for c in lb if c not in la)
        n = len(batch)
        if not contracted:  # an elementwise (outer) product
            a = self.permute(a, la, batch + left)
            bv = self.permute(bv, lb, batch + right)
            if right:
                a = self.b.unsqueeze(a, list(range(n + len(left), n + len(
                    left) + len(right))))
            if left:
                bv = self.b.unsqueeze(bv, list(range(n, n + len(left))))
            return self.b.mul(a, bv), batch + left + right
        a = self.permute(a, la, batch + left + contracted)
        bv = self.permute(bv, lb, batch + contracted + right)
        lgroups = list(left) or [""]
        a2 = self.flatten(a, n + len(left), lgroups[len(left):] +
                          [contracted])
        b2 = self.flatten(bv, n, [contracted, right])
        if n and len(lgroups) > 1:
            b2 = self.b.unsqueeze(b2, list(range(n, n + len(lgroups) - 1)))
        y = self.b.matmul(a2, b2)
        if len(right) != 1 or not left:
            sizes = [self.size[c] for c in right]
            if sum(1 for s in sizes if s is None) > 1:
                raise _Unsupported("more than one unflattened size is "
                                   "unknown")
            shape = [0] * (n + len(left)) + [-1 if s is None else s
                                             for s in sizes]
            y = self.b.reshape(y, shape, tuple(y.dims[:n + len(left)]) +
                               tuple(sizes))
        return y, batch + left + right


@_handler("Einsum", "graph.transpose, graph.reshape, graph.reduce_sum, "
          "graph.matmul, graph.mul, graph.gather", "equation with ellipses; "
          "a subscript repeated within an operand takes its diagonal "
          "(graph.gather); operands contracted left to right as batched "
          "matmuls")
def _einsum(imp, ctx):
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    if not ins:
        raise _Unsupported("no inputs")
    _check_kind(ctx, ins[0], "fi", "matmul")
    if any(v.elem != ins[0].elem for v in ins):
        raise _Unsupported("the operands must have one element type")
    inputs, out = _parse(ctx.attr("equation"), [v.rank for v in ins])
    b = _Builder(imp, ctx)
    e = _Einsum(b)
    for letters, v in zip(inputs, ins):
        e.note_sizes(letters, v)
    elem, dims = ctx.out_type(fallback=lambda: (
        ins[0].elem, tuple(e.size[c] for c in out)))
    for i, (letters, v) in enumerate(zip(inputs, ins)):
        ins[i], inputs[i] = e.diagonal(v, letters)
    acc, la = ins[0], inputs[0]
    for i in range(1, len(ins)):
        needed = set(out).union(*[set(t) for t in inputs[i + 1:]])
        acc, la = e.contract(acc, la, ins[i], inputs[i], needed)
    acc, la = e.sum_out(acc, la, set(out))
    y = e.permute(acc, la, out)
    imp.set_out(ctx, y)
