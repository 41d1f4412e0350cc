#!/usr/bin/env python3
"""Checks that a PDF is tagged through and through, reading it with qpdf's JSON (no library of
hanji's): the catalog marks it (/MarkInfo /Marked true, /StructTreeRoot, /Lang); every page
names its parent tree entry and tabs by structure; every operator that paints (text, paths,
images) lies inside marked content that is either an artifact or carries an MCID; every MCID
of a page is owned in the parent tree by a structure element that lists it among its kids, and
every element of the tree is reachable from the root; every link annotation is a structure
element's object reference, says what it opens (/Contents, its address) and draws no border.
With --archival (PDF/A), every annotation also prints and shows (/F with Print, without
Hidden, Invisible or NoView). Prints what is wrong and exits 1, else prints a summary line.

usage: tagged_check.py FILE.pdf [--archival]
"""
import base64
import json
import re
import subprocess
import sys

PAINTING = {"TJ", "Tj", "'", '"', "f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "Do", "sh", "BI"}
TOKEN = re.compile(rb"""
    (?P<string>\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\))   # literal string (one level of nesting)
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<dict_open><<) | (?P<dict_close>>>)
  | (?P<array_open>\[) | (?P<array_close>\])
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[A-Za-z'"*]+)
  | (?P<space>\s+)
""", re.VERBOSE | re.DOTALL)


def objects_of(path):
    out = subprocess.run(["qpdf", "--json=2", "--json-stream-data=inline", "--decode-level=generalized", path],
                         check=True, capture_output=True).stdout
    data = json.loads(out)
    objects = {}
    for key, value in data["qpdf"][1].items():
        objects[key[4:] if key.startswith("obj:") else key] = value
    return objects


def value_of(objects, value):
    """A reference's target, or the value itself."""
    if isinstance(value, str) and value.endswith(" R"):
        target = objects.get(value)
        if target is None:
            return None
        return target.get("value", target.get("stream", {}).get("dict"))
    return value


def stream_of(objects, reference):
    obj = objects[reference]
    return base64.b64decode(obj["stream"]["data"])


def operators(data):
    """Yields (operator, operands) from a content stream."""
    operands = []
    depth = 0
    for m in TOKEN.finditer(data):
        kind = m.lastgroup
        if kind == "space":
            continue
        if kind in ("dict_open", "array_open"):
            depth += 1
            operands.append(m.group())
        elif kind in ("dict_close", "array_close"):
            depth -= 1
            operands.append(m.group())
        elif kind == "op" and depth == 0:
            yield m.group().decode("latin-1"), operands
            operands = []
        else:
            operands.append(m.group())


def check(path, archival=False):
    problems = []
    objects = objects_of(path)
    trailer = objects["trailer"]["value"]
    catalog = value_of(objects, trailer["/Root"])
    if value_of(objects, catalog.get("/MarkInfo", {})).get("/Marked") is not True:
        problems.append("the catalog has no /MarkInfo <</Marked true>>")
    if "/Lang" not in catalog:
        problems.append("the catalog has no /Lang")
    if "/StructTreeRoot" not in catalog:
        return problems + ["the catalog has no /StructTreeRoot"], ""
    root = value_of(objects, catalog["/StructTreeRoot"])

    # The tree: every element reachable from the root, and what each holds.
    owned = set()          # (page reference, mcid) listed by some element
    annotations = set()    # annotation references some element points at
    elements = 0
    roles = {}
    seen = set()

    def walk(kid, page, parent_ref):
        nonlocal elements
        if isinstance(kid, int):
            owned.add((page, kid))
            return
        if isinstance(kid, list):
            for k in kid:
                walk(k, page, parent_ref)
            return
        ref = kid if isinstance(kid, str) else None
        node = value_of(objects, kid)
        if node is None:
            problems.append(f"a kid points at a missing object {kid}")
            return
        if node.get("/Type") == "/MCR":
            owned.add((node.get("/Pg", page), node["/MCID"]))
            return
        if node.get("/Type") == "/OBJR":
            annotations.add(node["/Obj"])
            return
        if ref in seen:
            problems.append(f"element {ref} is reached twice")
            return
        seen.add(ref)
        elements += 1
        role = node.get("/S", "?")
        roles[role] = roles.get(role, 0) + 1
        if node.get("/P") != parent_ref:
            problems.append(f"element {ref} ({role}) names {node.get('/P')} as its parent, not {parent_ref}")
        if role == "/Figure" and not node.get("/Alt"):
            problems.append(f"figure {ref} has no /Alt text")
        walk(node.get("/K", []), node.get("/Pg", page), ref)

    walk(root.get("/K", []), None, catalog["/StructTreeRoot"])

    # The parent tree: page key -> the owner of each MCID; annotation key -> its element.
    nums = value_of(objects, value_of(objects, root["/ParentTree"])["/Nums"])
    parent_tree = {nums[i]: value_of(objects, nums[i + 1]) if not isinstance(nums[i + 1], str) else nums[i + 1]
                   for i in range(0, len(nums), 2)}

    pages = []

    def collect_pages(node_ref):
        node = value_of(objects, node_ref)
        if node.get("/Type") == "/Pages":
            for kid in node["/Kids"]:
                collect_pages(kid)
        else:
            pages.append(node_ref)

    collect_pages(catalog["/Pages"])
    marked = artifacts = 0
    for number, page_ref in enumerate(pages, 1):
        page = value_of(objects, page_ref)
        if "/StructParents" not in page:
            problems.append(f"page {number} has no /StructParents")
            continue
        if page.get("/Tabs") != "/S":
            problems.append(f"page {number} does not tab by structure (/Tabs /S)")
        owners = parent_tree.get(page["/StructParents"], [])
        contents = page["/Contents"]
        data = b"".join(stream_of(objects, c) for c in (contents if isinstance(contents, list) else [contents]))
        stack = []
        mcids = []
        for op, operands in operators(data):
            if op == "BDC":
                tag = operands[0].decode("latin-1")
                mcid = re.search(rb"/MCID\s+(\d+)", b" ".join(operands))
                stack.append((tag, int(mcid.group(1)) if mcid else None))
                if mcid:
                    mcids.append(int(mcid.group(1)))
            elif op == "BMC":
                stack.append((operands[0].decode("latin-1"), None))
            elif op == "EMC":
                if not stack:
                    problems.append(f"page {number}: EMC without a sequence to close")
                else:
                    stack.pop()
            elif op in PAINTING:
                if any(tag == "/Artifact" for tag, _ in stack):
                    artifacts += 1
                elif any(mcid is not None for _, mcid in stack):
                    marked += 1
                else:
                    problems.append(f"page {number}: '{op}' paints outside any tagged content or artifact")
        if stack:
            problems.append(f"page {number}: {len(stack)} marked-content sequence(s) left open")
        if len(set(mcids)) != len(mcids):
            problems.append(f"page {number}: an MCID is used twice")
        for mcid in mcids:
            if mcid >= len(owners):
                problems.append(f"page {number}: MCID {mcid} has no owner in the parent tree")
            elif (page_ref, mcid) not in owned:
                problems.append(f"page {number}: MCID {mcid} is not among its owner's kids")
        for annot_ref in value_of(objects, page.get("/Annots", [])):
            annot = value_of(objects, annot_ref)
            if annot.get("/Subtype") != "/Link":
                continue
            if annot_ref not in annotations:
                problems.append(f"page {number}: link annotation {annot_ref} is in no Link element")
            if "/StructParent" not in annot or annot["/StructParent"] not in parent_tree:
                problems.append(f"page {number}: link annotation {annot_ref} has no parent tree entry")
            action = value_of(objects, annot.get("/A", {}))
            uri = action.get("/URI")
            if not uri or annot.get("/Contents") != uri:
                problems.append(f"page {number}: link annotation {annot_ref} does not say what it opens")
            if value_of(objects, annot.get("/Border", [])) != [0, 0, 0]:
                problems.append(f"page {number}: link annotation {annot_ref} draws a border")
            flags = annot.get("/F", 0)
            if archival and (not flags & 4 or flags & (1 | 2 | 32)):
                problems.append(f"page {number}: link annotation {annot_ref} does not print and show (/F {flags})")
    summary = (f"{elements} elements ({', '.join(f'{k[1:]} {v}' for k, v in sorted(roles.items()))}); "
               f"{marked} tagged and {artifacts} artifact painting operators on {len(pages)} page(s)")
    return problems, summary


def main():
    problems, summary = check(sys.argv[1], "--archival" in sys.argv[2:])
    for problem in problems[:20]:
        print(problem)
    if problems:
        sys.exit(1)
    print(summary)


if __name__ == "__main__":
    main()
