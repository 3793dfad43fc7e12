#!/usr/bin/env python3
"""Count the public API of uriscope-core from rustdoc's JSON output.

    cargo +nightly rustdoc -p uriscope-core --lib --all-features \
        -- -Z unstable-options --output-format json
    python3 scripts/api_count.py target/doc/uriscope_core.json [--list]

Prints three numbers:
- root items: the items one can name as `uriscope_core::X` (modules aside);
- item paths: every `uriscope_core::a::b::X` path a user can write to an
  item that is not a module, re-exports included (one item at two paths
  counts twice);
- public methods: the `pub fn`s of the inherent impls of the types those
  paths reach (trait impls aside).
`--list` prints the paths and the names that live at more than one path.
"""

import json
import sys
from collections import defaultdict


def main():
    doc = json.load(open(sys.argv[1]))
    index = doc["index"]
    item = lambda i: index.get(str(i)) or index.get(i)

    paths = []  # (path, id)
    seen_modules = set()

    def walk(module_id, prefix):
        if module_id in seen_modules:
            return
        seen_modules.add(module_id)
        module = item(module_id)
        for child in module["inner"]["module"]["items"]:
            c = item(child)
            if c is None or c.get("visibility") != "public":
                continue
            kind, inner = next(iter(c["inner"].items()))
            if kind == "use":
                target = item(inner["id"]) if inner["id"] is not None else None
                if target is None:
                    continue  # a re-export of another crate's item
                if inner["is_glob"]:
                    walk(inner["id"], prefix)
                    continue
                tkind = next(iter(target["inner"]))
                if tkind == "module":
                    walk(inner["id"], prefix + [inner["name"]])
                else:
                    paths.append((prefix + [inner["name"]], inner["id"]))
            elif kind == "module":
                walk(child, prefix + [c["name"]])
            elif kind == "impl":
                continue
            else:
                paths.append((prefix + [c["name"]], child))

    walk(doc["root"], [])
    root_items = [p for p, _ in paths if len(p) == 1]
    types = {i for _, i in paths if next(iter(item(i)["inner"])) in ("struct", "enum", "union")}
    methods = 0
    for t in types:
        inner = next(iter(item(t)["inner"].values()))
        for impl_id in inner.get("impls", []):
            impl = item(impl_id)["inner"]["impl"]
            if impl["trait"] is not None:
                continue
            for f in impl["items"]:
                fi = item(f)
                if fi and fi.get("visibility") == "public" and "function" in fi["inner"]:
                    methods += 1
    print(f"root items: {len(root_items)}")
    print(f"item paths: {len(paths)}")
    print(f"public methods: {methods}")
    if "--list" in sys.argv:
        by_name = defaultdict(list)
        for p, _ in paths:
            by_name[p[-1]].append("::".join(p))
        for p, _ in sorted(paths):
            print("  " + "::".join(p))
        print("names at more than one path:")
        for name, ps in sorted(by_name.items()):
            if len(ps) > 1:
                print(f"  {name}: {', '.join(sorted(ps))}")


if __name__ == "__main__":
    main()
