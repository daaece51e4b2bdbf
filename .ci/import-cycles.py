"""No import circle between the files of a crate: every module path a source file names (its unit
tests, comments and strings apart) is an edge to the file of that module; a cycle fails (exit 1)
and is printed. Cargo already forbids cycles between crates.

A path counts wherever it stands (a `use`, an expression, a type, a macro) and whichever way it
starts: `crate::`, `super::` (any number of them), `self::`, a child module by its bare name
(`spsa::step` in `tune/mod.rs`), or a name a `use` bound to a module (`use crate::tune;` then
`tune::run`). Braced `use` groups are expanded. A path that names no module file counts as the
deepest module file it passes through; the crate root is never a target (everything may name it).

A circle among the files of one folder (its mod.rs and the files in and below it) is one module
split into files, the parent's items its children's to share, and is allowed; a circle that leaves
the folder fails.

Usage: import-cycles.py [WORKSPACE], WORKSPACE (default: this repository) holding the Cargo.toml
whose `[workspace] members` are checked."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

Module = tuple[str, ...]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
# A path of two or more segments that does not continue another one (no `::` or identifier
# character right before it); `$crate` of a macro counts as `crate`.
PATH = re.compile(rf"(?<![A-Za-z0-9_:])\$?({IDENT}(?:\s*::\s*{IDENT})+)")
USE = re.compile(r"\buse\s+([^;]*);")
TEST_MOD = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+" + IDENT + r"\s*\{")
# The prefixes of a path that say where it starts rather than name a module.
RELATIVE = ("crate", "super", "self")


def strip(text: str) -> str:
    """The source with comments, string and character literals blanked out (their line breaks
    kept), so that a path in a doc comment or a message is no import."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif m := re.compile(r'b?r(#*)"').match(text, i):
            if i and (text[i - 1].isalnum() or text[i - 1] == "_"):
                out.append(c)
                i += 1
                continue
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and (m := re.compile(r"'(?:\\(?:u\{[0-9a-fA-F]*\}|x..|.)|[^\\'])'").match(text, i)):
            out.append("' '")
            i = m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(text: str) -> str:
    """The source without its `#[cfg(test)] mod NAME { ... }` blocks (comments already gone)."""
    while m := TEST_MOD.search(text):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        text = text[: m.start()] + "\n" * text.count("\n", m.start(), j) + text[j:]
    return text


def use_paths(tree: str) -> list[list[str]]:
    """The paths of one `use` tree, braces expanded: `a::{b, c::{self, d}}` gives a::b, a::c,
    a::c::d. `as` renames keep their target, `*` its module."""
    tree = re.sub(r"\s+", "", tree.replace(" as ", "@"))

    def expand(s: str) -> list[list[str]]:
        parts: list[str] = []
        depth, start = 0, 0
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        out: list[list[str]] = []
        for part in filter(None, parts):
            brace = part.find("{")
            if brace < 0:
                out.append([seg for seg in part.split("::") if seg])
                continue
            head = [seg for seg in part[:brace].split("::") if seg]
            for tail in expand(part[brace + 1 : part.rindex("}")]):
                # `a::{self}` is `a` itself.
                out.append(head + (tail[:-1] if tail[-1:] == ["self"] else tail))
        return out

    return expand(tree.lstrip(":"))


def module_of(src: Path, file: Path) -> Module:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


class Resolver:
    """Where the paths of one file lead: the module files of its crate they name."""

    def __init__(self, me: Module, modules: dict[Module, Path]):
        self.me = me
        self.modules = modules
        # Names a `use` bound to a module file of this crate (filled in by `bind`).
        self.aliases: dict[str, Module] = {}

    def start(self, segs: list[str]) -> tuple[Module, list[str]] | None:
        """The module a path starts from and the segments after that start, or None for a path
        into another crate, a type or anything else that is not a module of this one."""
        here, rest = self.me, segs
        if rest[0] == "crate":
            here, rest = (), rest[1:]
        elif rest[0] in ("self", "super"):
            if rest[0] == "self":
                rest = rest[1:]
            while rest and rest[0] == "super":
                here, rest = here[:-1], rest[1:]
        elif self.me + (rest[0],) in self.modules:
            pass
        elif rest[0] in self.aliases:
            here, rest = self.aliases[rest[0]], rest[1:]
        else:
            return None
        return here, rest

    def target(self, segs: list[str]) -> Module | None:
        """The deepest module file the path passes through, or None."""
        started = self.start(segs)
        if started is None:
            return None
        here, rest = started
        target = here
        for seg in rest:
            if target + (seg,) not in self.modules:
                break
            target = target + (seg,)
        return target or None

    def bind(self, segs: list[str]) -> None:
        """Remembers the name a `use` path binds when it names a module file exactly."""
        name = segs[-1].split("@")[-1]
        target = self.target([seg.split("@")[0] for seg in segs])
        started = self.start([seg.split("@")[0] for seg in segs])
        if target and started and len(started[0]) + len(started[1]) == len(target):
            self.aliases[name] = target


def imports(src: Path, file: Path, modules: dict[Module, Path]) -> set[Module]:
    me = module_of(src, file)
    text = without_tests(strip(file.read_text()))
    resolver = Resolver(me, modules)
    out: set[Module] = set()
    # `use` first, so that the names they bind are known wherever they are used.
    for tree in USE.findall(text):
        for segs in use_paths(tree):
            if not segs or segs == ["*"]:
                continue
            resolver.bind(segs)
            target = resolver.target([seg.split("@")[0] for seg in segs if seg != "*"])
            if target and target != me:
                out.add(target)
    for path in PATH.findall(USE.sub(";", text)):
        segs = [seg.strip() for seg in path.split("::")]
        target = resolver.target(segs)
        if target and target != me:
            out.add(target)
    return out


def graph_of(root: Path) -> dict[Module, set[Module]]:
    src = root / "src"
    modules = {module_of(src, f): f for f in sorted(src.rglob("*.rs"))}
    return {m: imports(src, f, modules) for m, f in modules.items()}


def within_one_folder(modules: list[Module]) -> bool:
    """Whether every module is one folder's module or below it (not the root's)."""
    shortest = min(modules, key=len)
    return bool(shortest) and all(m[: len(shortest)] == shortest for m in modules)


def components(graph: dict[Module, set[Module]]) -> list[list[Module]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[Module, int] = {}
    low: dict[Module, int] = {}
    stack: list[Module] = []
    found: list[list[Module]] = []

    def visit(u: Module) -> None:
        index[u] = low[u] = len(index)
        stack.append(u)
        for v in sorted(graph[u]):
            if v not in index:
                visit(v)
                low[u] = min(low[u], low[v])
            elif v in stack:
                low[u] = min(low[u], index[v])
        if low[u] == index[u]:
            component = stack[stack.index(u) :]
            del stack[stack.index(u) :]
            if len(component) > 1:
                found.append(sorted(component))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return found


def route(graph: dict[Module, set[Module]], within: list[Module], a: Module, b: Module) -> list[Module]:
    """A shortest import path from a to b through the modules `within` (b reachable from a)."""
    came: dict[Module, Module] = {a: a}
    queue = [a]
    for u in queue:
        for v in sorted(graph[u]):
            if v in within and v not in came:
                came[v] = u
                queue.append(v)
    path = [b]
    while path[-1] != a:
        path.append(came[path[-1]])
    return path[::-1]


def cycles(root: Path) -> list[tuple[int, list[Module]]]:
    """One circle per knot (with the knot's size) of modules that import each other round, through two of its modules
    in different folders; knots within one folder are left out."""
    graph = graph_of(root)
    found: list[list[Module]] = []
    for component in components(graph):
        if within_one_folder(component):
            continue
        # Two modules no one folder holds both of: the circle through them leaves a folder.
        a = component[0]
        b = next(m for m in component if not within_one_folder([a, m]))
        found.append((len(component), route(graph, component, a, b) + route(graph, component, b, a)[1:]))
    return found


def main() -> int:
    sys.setrecursionlimit(10_000)
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    # Every crate of the workspace, so that a new one is checked without being listed here.
    members = tomllib.loads((repo / "Cargo.toml").read_text())["workspace"]["members"]
    # A member may be a glob (`crates/*`): every folder it matches that holds a Cargo.toml.
    crates = []
    for m in members:
        if any(c in m for c in "*?["):
            crates += sorted(str(p.relative_to(repo)) for p in repo.glob(m) if (p / "Cargo.toml").is_file())
        else:
            crates.append(m)
    bad = 0
    for crate in crates:
        for size, cycle in cycles(repo / crate):
            bad += 1
            print(f"{crate}: " + " -> ".join("::".join(m) or "lib" for m in cycle) + f" ({size} files in the knot)")
    print(f"import-cycles: {bad} cycle(s) between the files of {len(crates)} crates")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
