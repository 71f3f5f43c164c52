#!/usr/bin/env python3
"""Measures how far `ApproximateTokenCounter` (through the built `transmark` command's `--stats`)
is from OpenAI's tokenizers, counted by hand with tiktoken, on the corpus.

    TIKTOKEN_CACHE_DIR=… python3 Benchmarks/token-estimate-error.py [--transmark PATH] [--corpus DIR]
    python3 Benchmarks/token-estimate-error.py --write-expected   # regenerate the tests' expected counts

Needs `pip install tiktoken` and the vocabularies in tiktoken's cache (`TIKTOKEN_CACHE_DIR`, with
`cl100k_base.tiktoken` and `o200k_base.tiktoken` under their cache names, the sha1 of their URLs);
nothing is downloaded by Transmark. The documents: the corpus's web pages as HTML and as converted
to Markdown, `corpus.md` cut into 60 pieces at blank lines, and the HTML spec converted to Markdown.
The corpus folder is `--corpus`, else `TRANSMARK_CORPUS_DIR`, else the `shared/corpus/` beside the
repository, else the small copy in `Tests/Data/corpus/`.

For each encoding it prints the mean absolute error per document (in %) by kind of document, the
largest, and the error over the whole corpus (the sum of estimates against the sum of counts).
`--write-expected` writes `Tests/Data/tokens/tiktoken-counts.json` instead: exact counts for every
file of `Tests/Data/corpus/` and for the tricky strings below, which `BPETokenCounter` must equal.
"""
import argparse, json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENCODINGS = ["cl100k_base", "o200k_base"]

SAMPLES = ["Hello, world!", "I'm sure they'LL say DON'T, it's Bob's and you'Re 'sup", "ſ 'ſ x'ſ",
    "HTMLParser parseHTMLString XMLHttpRequest iOS macOS", "caf\u00e9 cafe\u0301 \u0301start na\u0308ive",
    "12345678 3.14159 1,000,000 v2.0.1", "  \n\n  x\t\tfoo   bar    \n", "trailing spaces   ", "line one\r\nline two\r\n\r\n",
    "a/b//c\n/path/to/file.swift https://example.com/a/b?c=d&e=f", "emoji 😀🎉👍 ok 🚀🚀", "مرحبا بالعالم، هذا نص عربي.",
    "नमस्ते दुनिया, यह हिंदी पाठ है।", "안녕하세요 세계", "Привет, как дела?", "这是一个用于测试的中文句子，我们看看。",
    "日本語のテキストです。ひらがなとカタカナ。", "$$$!!!\n\n ...?! (x) [y](z) **bold** `code`", "\u00a0word\u2003em\u3000ideo",
    "=" * 5000, " " * 3000 + "x", "a" * 10000,
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODk=" * 20,
    "x\u0085y\u2028z\u2029w", "ǅungla ǈ Ǌ ʰmodifier ʼn", "½ ⅓ ① Ⅻ ٣٤٥", "<|endoftext|> is plain text here", "", " ", "\n", "'", "'s", "x'",
    "func f() -> Int {\n    return 42 // answer\n}\n\n\tindented\n"]


def encodings():
    import tiktoken
    return {name: tiktoken.get_encoding(name) for name in ENCODINGS}


def write_expected():
    import hashlib
    encs = encodings()
    root = os.path.join(ROOT, "Tests/Data/corpus")
    files = ["corpus.md", "corpus_from_md.html", "corpus_spec.html"] + ["web/" + f for f in sorted(os.listdir(root + "/web"))]
    cache = os.environ.get("TIKTOKEN_CACHE_DIR", "")
    sums = {}
    for name, url_sha1 in [("cl100k_base", "9b5ad71b2ce5302211f9c61530b329a4922fc6a4"), ("o200k_base", "fb374d419588a4632f3f557e76b4b70aebbca790")]:
        path = os.path.join(cache, url_sha1)
        sums[name] = hashlib.sha256(open(path, "rb").read()).hexdigest() if os.path.exists(path) else "unknown"
    import tiktoken
    out = {"provenance": f"Counted by hand with tiktoken {tiktoken.__version__} (PyPI), encode_ordinary, over the official vocabularies "
                         f"(cl100k_base.tiktoken sha256 {sums['cl100k_base']}, o200k_base.tiktoken sha256 {sums['o200k_base']}); "
                         "files are decoded as UTF-8 with U+FFFD for invalid bytes. Regenerate with Benchmarks/token-estimate-error.py --write-expected.",
           "files": {}, "samples": []}
    for f in files:
        text = open(os.path.join(root, f), "rb").read().decode("utf-8", "replace")
        out["files"][f] = {n: len(e.encode_ordinary(text)) for n, e in encs.items()}
    for s in SAMPLES:
        out["samples"].append({"text": s, **{n: len(e.encode_ordinary(s)) for n, e in encs.items()}})
    target = os.path.join(ROOT, "Tests/Data/tokens/tiktoken-counts.json")
    json.dump(out, open(target, "w"), ensure_ascii=False, indent=1)
    print("wrote", target)


def corpus_dir(given):
    for candidate in [given, os.environ.get("TRANSMARK_CORPUS_DIR"), os.path.join(ROOT, "..", "shared", "corpus")]:
        if candidate and os.path.isdir(os.path.join(candidate, "web")):
            return candidate
    print("note: the full corpus was not found; measuring the small copy in Tests/Data/corpus/", file=sys.stderr)
    return os.path.join(ROOT, "Tests/Data/corpus")


def run_jsonl(transmark, records, *arguments):
    lines = "".join(json.dumps(r) + "\n" for r in records)
    done = subprocess.run([transmark, "convert", "--jsonl", "--quiet", *arguments], input=lines.encode(), capture_output=True, check=True)
    return {r["id"]: r for r in map(json.loads, done.stdout.splitlines())}


def documents(transmark, corpus):
    docs = []  # (kind, name, text)
    web = os.path.join(corpus, "web")
    pages = {f: open(os.path.join(web, f), "rb").read().decode("utf-8", "replace") for f in sorted(os.listdir(web)) if f.endswith(".html")}
    converted = run_jsonl(transmark, [{"id": f, "content": t} for f, t in pages.items()], "-f", "html", "-t", "markdown")
    for f, t in pages.items():
        docs.append(("web page, HTML", f, t))
        if "content" in converted[f]:
            docs.append(("web page, as Markdown", f, converted[f]["content"]))
    data = open(os.path.join(corpus, "corpus.md"), "rb").read()
    pieces, start = 60, 0
    size = len(data) // pieces
    for k in range(pieces):
        end = len(data) if k == pieces - 1 else data.find(b"\n\n", start + size)
        end = len(data) if end < 0 else end
        docs.append(("corpus.md piece", f"corpus.md#{k}", data[start:end].decode("utf-8", "replace")))
        start = end
        if start >= len(data):
            break
    spec = open(os.path.join(corpus, "corpus_spec.html"), "rb").read().decode("utf-8", "replace")
    spec_md = run_jsonl(transmark, [{"id": "spec", "content": spec}], "-f", "html", "-t", "markdown")["spec"].get("content", "")
    docs.append(("HTML spec, as Markdown", "corpus_spec.html", spec_md))
    return docs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--transmark", help="the transmark command (default: .build/release, else .build/debug)")
    parser.add_argument("--corpus")
    parser.add_argument("--write-expected", action="store_true")
    args = parser.parse_args()
    if args.write_expected:
        return write_expected()
    transmark = args.transmark or next((p for p in [os.path.join(ROOT, ".build/release/transmark"), os.path.join(ROOT, ".build/debug/transmark")] if os.path.exists(p)), None)
    if not transmark:
        sys.exit("build transmark first (swift build), or give --transmark")
    encs = encodings()
    docs = documents(transmark, corpus_dir(args.corpus))
    records = [{"id": str(i), "content": text, "from": "markdown"} for i, (_, _, text) in enumerate(docs)]
    print(f"{len(docs)} documents, {sum(len(t.encode()) for _, _, t in docs):,} bytes")
    print(f"{'encoding':12} {'documents':24} {'n':>4} {'mean |err| %':>13} {'max |err| %':>12} {'total err %':>12}")
    for name in ENCODINGS:
        estimates = run_jsonl(transmark, records, "-t", "markdown", "--stats", "--tokenizer", "approximate:" + name)
        rows = []
        for i, (kind, doc, text) in enumerate(docs):
            truth = len(encs[name].encode_ordinary(text))
            estimate = estimates[str(i)]["stats"]["tokensIn"]
            rows.append((kind, doc, truth, estimate))
        for kind in sorted({r[0] for r in rows}) + ["all"]:
            chosen = [r for r in rows if kind == "all" or r[0] == kind]
            errors = [abs(e - t) / t * 100 for _, _, t, e in chosen if t > 0]
            total = (sum(e for *_, e in chosen) - sum(t for _, _, t, _ in chosen)) / sum(t for _, _, t, _ in chosen) * 100
            print(f"{name:12} {kind:24} {len(chosen):>4} {sum(errors) / len(errors):>13.2f} {max(errors):>12.2f} {total:>+12.2f}")


if __name__ == "__main__":
    main()
