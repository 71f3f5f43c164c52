#!/usr/bin/env python3
"""Counts the public declarations under Sources/ and how many carry a `///` doc comment.

    python3 scripts/doc-coverage.py            # the share per module and in all
    python3 scripts/doc-coverage.py --missing  # also list each undocumented declaration

A declaration is a line that declares something `public` or `open` (func, var, let, init, subscript,
case of a public enum, struct, class, enum, protocol, typealias, associatedtype, extension members
that are public). Its doc comment is the run of `///` lines (or a `/** */` block) right above it,
attributes (`@inlinable`, …) in between allowed. Enum cases of a public enum count as public.
"""
import os, re, sys

DECL = re.compile(r'^\s*(?:@[\w()".:, ]+\s+)*(?:(?:public|open)(?:\s*\(set\))?\s+)+(?:(?:final|static|class|override|mutating|nonisolated(?:\(unsafe\))?|indirect|convenience|required|dynamic|lazy|weak|unowned|consuming|borrowing)\s+)*(func|var|let|init|subscript|struct|class|enum|protocol|typealias|associatedtype|actor|case)\b')
PUBLIC_ENUM = re.compile(r'^\s*(?:@[\w()".:, ]+\s+)*(?:public|open)\s+(?:indirect\s+)?enum\s+\w+')
CASE = re.compile(r'^\s*(?:indirect\s+)?case\s+\w')

def documented(lines, i):
    j = i - 1
    while j >= 0 and (lines[j].strip().startswith('@') or lines[j].strip() == '' and False):
        j -= 1
    if j < 0:
        return False
    s = lines[j].strip()
    return s.startswith('///') or s.endswith('*/')

def scan(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    results = []
    enum_depth = []  # brace depth at which a public enum body starts
    depth = 0
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith('//'):
            continue
        in_public_enum = bool(enum_depth) and depth == enum_depth[-1]
        m = DECL.match(line)
        if m or (in_public_enum and CASE.match(line)):
            # one `case a, b` line counts once
            results.append((i + 1, stripped, documented(lines, i)))
        if PUBLIC_ENUM.match(line):
            enum_depth.append(depth + 1)
        depth += line.count('{') - line.count('}')
        while enum_depth and depth < enum_depth[-1]:
            enum_depth.pop()
    return results

def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Sources')
    show = '--missing' in sys.argv
    totals = {}
    missing = []
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith('.swift'):
                continue
            path = os.path.join(dirpath, f)
            module = os.path.relpath(path, root).split(os.sep)[0]
            for line, text, ok in scan(path):
                t = totals.setdefault(module, [0, 0])
                t[0] += 1
                t[1] += ok
                if not ok:
                    missing.append(f"{os.path.relpath(path, os.path.dirname(root))}:{line}: {text}")
    all_n = sum(t[0] for t in totals.values())
    all_ok = sum(t[1] for t in totals.values())
    for module in sorted(totals):
        n, ok = totals[module]
        print(f"{module:22} {ok:5}/{n:<5} {100.0 * ok / n:5.1f} %")
    print(f"{'all':22} {all_ok:5}/{all_n:<5} {100.0 * all_ok / all_n:5.1f} %")
    if show:
        print('\n'.join(missing))

main()
