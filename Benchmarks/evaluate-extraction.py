#!/usr/bin/env python3
"""Main-content extraction, side by side: Transmark, trafilatura and readability-lxml on one set.

    python3 Benchmarks/evaluate-extraction.py SET [--transmark BIN] [--worst N] [--kinds]

SET is a folder in one of two public layouts (nothing is fetched at run time; see the Benchmarks
README for where to get them):

* trafilatura's evaluation folder (`tests/` of adbar/trafilatura: `evaldata.json`, with the pages
  in `cache/` and `eval/`). Each page lists text that the extraction must keep ("with") and text
  it must drop ("without"); scoring is trafilatura's own (`tests/eval_common.py`): a snippet
  counts when its whitespace-normalised text occurs in the output, precision = kept good /
  (kept good + kept bad), recall = kept good / all good.
* Mozilla Readability's test pages (`test/test-pages/` of mozilla/readability: per page
  `source.html`, `expected.html`, `expected-metadata.json`). Scoring is word-level: each page's
  output and expected text are bags of lower-cased words; precision, recall and F1 per page are
  averaged over pages. The metadata fields there (title, byline, site name, language, published
  time, excerpt) are compared too, on the pages that have them.

Every extractor is run in this process's run, on the same pages: Transmark as one folder
conversion (`--transform main-content --transform drop-images -t text -O mode=flat --jobs 1`, so
pages/s is per core, including process start; images dropped, because the text output writes an
image's alternative text and the peers' text and the expected text hold none), trafilatura (`extract`, tables on, comments off, as its own benchmark
runs it) and readability-lxml (`Document.summary`) in process, timed on CPU time. A peer that is
not installed is skipped with a line saying so. `--kinds` adds Transmark's page kind for each page
and the scores per kind. Needs python3; the peers come from PyPI, installed by hand.
"""

import argparse
import collections
import html
import html.parser
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def norm(text):
    # Soft hyphens (U+00AD) are invisible: an extractor may keep or drop them, and the expected
    # snippets hold them where the page did.
    return re.sub(r"\s+", " ", text.replace("\u00ad", "")).strip()


WORD = re.compile(r"\w+", re.UNICODE)


def words(text):
    return collections.Counter(w.lower() for w in WORD.findall(text.replace("\u00ad", "")))


def sniff_encoding(data):
    """The encoding a browser would pick from the bytes alone: BOM, then a meta charset."""
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8"
    head = data[:4096].lower()
    m = re.search(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([a-z0-9_\-:]+)", head)
    if m:
        name = m.group(1).decode("ascii", "replace")
        try:
            "".encode(name)
            return "cp1252" if name in ("iso-8859-1", "latin1", "latin-1", "us-ascii") else name
        except LookupError:
            pass
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        return "cp1252"


def decode(data):
    return data.decode(sniff_encoding(data), errors="replace")


class TextOf(html.parser.HTMLParser):
    """The text of an HTML fragment, blocks separated by line breaks (for expected.html)."""

    BLOCKS = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th",
              "pre", "blockquote", "section", "article", "figcaption", "dt", "dd", "table"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)

    @classmethod
    def text(cls, markup):
        parser = cls()
        parser.feed(markup)
        parser.close()
        return "".join(parser.parts)


# ---------------------------------------------------------------- sets


class Page:
    def __init__(self, key, path, data, truth):
        self.key, self.path, self.data, self.truth = key, path, data, truth


def load_set(folder):
    """(layout, pages) for a trafilatura evaluation folder or a Readability test-pages folder."""
    if os.path.isfile(os.path.join(folder, "evaldata.json")):
        with open(os.path.join(folder, "evaldata.json"), encoding="utf-8") as f:
            evaldata = json.load(f)
        pages = []
        for url in sorted(evaldata):
            item = evaldata[url]
            for sub in ("cache", "eval"):
                path = os.path.join(folder, sub, item["file"])
                if os.path.isfile(path):
                    with open(path, "rb") as f:
                        pages.append(Page(url, path, f.read(), item))
                    break
        return "snippets", pages
    pages = []
    for name in sorted(os.listdir(folder)):
        source = os.path.join(folder, name, "source.html")
        expected = os.path.join(folder, name, "expected.html")
        if not (os.path.isfile(source) and os.path.isfile(expected)):
            continue
        with open(source, "rb") as f:
            data = f.read()
        with open(expected, encoding="utf-8") as f:
            truth = {"text": TextOf.text(f.read())}
        meta = os.path.join(folder, name, "expected-metadata.json")
        if os.path.isfile(meta):
            with open(meta, encoding="utf-8") as f:
                truth["metadata"] = json.load(f)
        pages.append(Page(name, source, data, truth))
    if not pages:
        sys.exit(f"{folder}: neither an evaldata.json nor */source.html + expected.html here")
    return "words", pages


# ---------------------------------------------------------------- scoring


def score_snippets(page, output):
    """(tp, fp, fn) as trafilatura's evaluation counts them."""
    text = norm(output or "")
    tp = sum(1 for w in page.truth["with"] if norm(w) in text)
    fp = sum(1 for w in page.truth["without"] if norm(w) in text)
    return tp, fp, len(page.truth["with"]) - tp


def score_words(page, output):
    """(precision, recall, f1) of the output's words against the expected text's."""
    got, want = words(output or ""), words(page.truth["text"])
    common = sum((got & want).values())
    p = common / sum(got.values()) if got else 0.0
    r = common / sum(want.values()) if want else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def summarise(layout, pages, outputs):
    """(precision, recall, f1, per-page f1 list)."""
    if layout == "snippets":
        tp = fp = fn = 0
        per = []
        for page in pages:
            a, b, c = score_snippets(page, outputs.get(page.key))
            tp, fp, fn = tp + a, fp + b, fn + c
            p = a / (a + b) if a + b else 0.0
            r = a / (a + c) if a + c else 0.0
            per.append((2 * p * r / (p + r) if p + r else 0.0, p, r, page.key))
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        return p, r, (2 * p * r / (p + r) if p + r else 0.0), per
    per = [score_words(page, outputs.get(page.key)) + (page.key,) for page in pages]
    per = [(f, p, r, key) for p, r, f, key in per]
    n = len(per) or 1
    return (sum(x[1] for x in per) / n, sum(x[2] for x in per) / n, sum(x[0] for x in per) / n, per)


# ---------------------------------------------------------------- extractors


def run_transmark(binary, pages, layout):
    """(outputs by key, CPU seconds, kinds by key) from one folder conversion, one job."""
    work = tempfile.mkdtemp(prefix="tm-extract-")
    try:
        src, out = os.path.join(work, "in"), os.path.join(work, "out")
        names = {}
        for i, page in enumerate(pages):
            name = f"{i:05d}.html"
            names[page.key] = name
            os.makedirs(src, exist_ok=True)
            with open(os.path.join(src, name), "wb") as f:
                f.write(page.data)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([binary, "convert", src, "-o", out, "-f", "html", "-t", "text",
                        "--transform", "main-content", "--transform", "drop-images", "-O", "mode=flat",
                        "--jobs", "1", "--quiet"],
                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        outputs = {}
        for page in pages:
            path = os.path.join(out, names[page.key][:-5] + ".txt")
            if os.path.isfile(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    outputs[page.key] = f.read()
        return outputs, cpu
    finally:
        shutil.rmtree(work, ignore_errors=True)


def transmark_metadata(binary, pages):
    """Each page's metadata and main-content report from `--jsonl --metadata` (untimed)."""
    lines = "".join(json.dumps({"id": page.key, "content": decode(page.data)}) + "\n" for page in pages)
    done = subprocess.run([binary, "convert", "--jsonl", "--metadata", "--quiet", "-f", "html", "-t", "text",
                           "--transform", "main-content", "-O", "mode=flat"],
                          input=lines.encode("utf-8"), capture_output=True, check=False)
    found = {}
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        found[record.get("id")] = record
    return found


def run_python(extract, pages):
    outputs = {}
    failures = 0
    start = time.process_time()
    for page in pages:
        try:
            outputs[page.key] = extract(page.data)
        except Exception:  # a crash is a page with no output, as trafilatura's benchmark counts it
            failures += 1
    return outputs, time.process_time() - start, failures


def trafilatura_extractor():
    try:
        import trafilatura
    except ImportError:
        return None
    from importlib.metadata import version

    def extract(data):
        return trafilatura.extract(data, include_comments=False, include_tables=True, include_formatting=False)

    return f"trafilatura {version('trafilatura')}", extract


def readability_extractor():
    try:
        from readability import Document
        import lxml.html
    except ImportError:
        return None
    from importlib.metadata import version

    def extract(data):
        summary = Document(data).summary(html_partial=True)
        return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

    return f"readability-lxml {version('readability-lxml')}", extract


# ---------------------------------------------------------------- metadata


FIELDS = ("title", "byline", "siteName", "lang", "publishedTime", "excerpt")


def same(field, want, got):
    if not got:
        return False
    if field == "lang":
        return want.lower().split("-")[0] == got.lower().split("-")[0]
    if field == "publishedTime":
        return want[:10] == got[:10]
    a, b = norm(html.unescape(want)).casefold(), norm(got).casefold()
    if field == "byline":
        return a == b or (len(b) > 2 and (b in a or a in b))
    return a == b


def transmark_fields(record):
    meta = record.get("metadata") or {}
    authors = meta.get("author")
    if isinstance(authors, list):
        authors = ", ".join(authors)
    return {"title": meta.get("title"), "byline": authors, "siteName": meta.get("site"),
            "lang": meta.get("language"), "publishedTime": meta.get("published"),
            "excerpt": meta.get("description")}


def trafilatura_fields(data):
    import trafilatura
    m = trafilatura.extract_metadata(data)
    if m is None:
        return {}
    return {"title": m.title, "byline": m.author.replace("; ", ", ") if m.author else None,
            "siteName": m.sitename, "lang": None, "publishedTime": m.date, "excerpt": m.description}


def metadata_table(pages, records, with_trafilatura):
    """Per field: pages that have it, right by Transmark, right by trafilatura."""
    rows = []
    peer = {}
    if with_trafilatura:
        for page in pages:
            try:
                peer[page.key] = trafilatura_fields(page.data)
            except Exception:
                peer[page.key] = {}
    for field in FIELDS:
        have = ours = theirs = 0
        for page in pages:
            want = (page.truth.get("metadata") or {}).get(field)
            if not want:
                continue
            have += 1
            ours += same(field, want, transmark_fields(records.get(page.key, {})).get(field))
            theirs += same(field, want, peer.get(page.key, {}).get(field))
        rows.append((field, have, ours, theirs))
    return rows


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", help="trafilatura's tests/ folder or Readability's test/test-pages/")
    parser.add_argument("--transmark", help="the transmark binary (default: build it in release)")
    parser.add_argument("--worst", type=int, default=10, help="list this many of Transmark's worst pages")
    parser.add_argument("--kinds", action="store_true", help="scores per page kind Transmark recognised")
    parser.add_argument("--no-peers", action="store_true", help="run Transmark alone (while developing)")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.transmark
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "transmark"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(root, ".build", "release", "transmark")
    layout, pages = load_set(args.set)
    print(f"{len(pages)} pages, {'snippet' if layout == 'snippets' else 'word'}-level scoring, from {args.set}")
    results = []
    outputs, cpu = run_transmark(binary, pages, layout)
    results.append(("Transmark main-content", outputs, cpu, len(pages) - len(outputs)))
    for make in () if args.no_peers else (trafilatura_extractor, readability_extractor):
        made = make()
        if made is None:
            print(f"({make.__name__.replace('_extractor', '')} is not installed: skipped)")
            continue
        name, extract = made
        out, seconds, failures = run_python(extract, pages)
        results.append((name, out, seconds, failures))
    print()
    print(f"| extractor | F1 | precision | recall | pages/s per core | failures |")
    print(f"|---|---:|---:|---:|---:|---:|")
    summaries = {}
    for name, out, seconds, failures in results:
        p, r, f, per = summarise(layout, pages, out)
        summaries[name] = per
        rate = len(pages) / seconds if seconds > 0 else float("inf")
        print(f"| {name} | {f:.3f} | {p:.3f} | {r:.3f} | {rate:.1f} | {failures} |")
    records = transmark_metadata(binary, pages) if (args.kinds or layout == "words") else {}
    if args.kinds:
        kinds = collections.defaultdict(list)
        for page in pages:
            kind = (records.get(page.key, {}).get("metadata") or {}).get("kind", "?")
            kinds[kind].append(page)
        print()
        print("By the page kind Transmark recognised (F1):")
        print("| kind | pages | " + " | ".join(name for name, *_ in results) + " |")
        print("|---|---:|" + "---:|" * len(results))
        for kind in sorted(kinds):
            cells = [f"{summarise(layout, kinds[kind], out)[2]:.3f}" for _, out, _, _ in results]
            print(f"| {kind} | {len(kinds[kind])} | " + " | ".join(cells) + " |")
    if layout == "words" and any(page.truth.get("metadata") for page in pages):
        print()
        print("Metadata fields right (pages that have the field in expected-metadata.json):")
        print("| field | pages | Transmark | trafilatura |")
        print("|---|---:|---:|---:|")
        with_peer = any(name.startswith("trafilatura") for name, *_ in results)
        for field, have, ours, theirs in metadata_table(pages, records, with_peer):
            print(f"| {field} | {have} | {ours} | {theirs if with_peer else '–'} |")
    if args.worst:
        print()
        print(f"Transmark's {args.worst} worst pages (F1, precision, recall, page):")
        for f, p, r, key in sorted(summaries["Transmark main-content"])[: args.worst]:
            print(f"  {f:.2f}  p={p:.2f}  r={r:.2f}  {key}")


if __name__ == "__main__":
    main()
