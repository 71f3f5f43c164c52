"""Converts a folder on a real Dask cluster (LocalCluster, 2 worker processes) through
``transmark convert --jsonl`` and checks that every document came back converted."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from dask.distributed import Client, LocalCluster

import transmark_dask


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            yield client


def make_site(root: Path, count: int) -> dict[str, str]:
    """HTML and Markdown documents in nested folders; returns relative path -> source text."""
    sources = {}
    for i in range(count):
        if i % 4 == 3:
            relative = f"notes/n{i}.md"
            text = f"# Note {i}\n\nSome *emphasis* and `code` number {i}.\n"
        else:
            relative = f"section{i % 3}/page{i}.html"
            text = (f"<!DOCTYPE html><html><head><title>T{i}</title></head><body><h1>Page {i}</h1>"
                    + f"<p>Paragraph with <b>bold</b>, <a href='/p/{i}'>a link</a> and \u00e9 \u2028.</p>" * (i % 7 + 1)
                    + "<ul><li>one</li><li>two</li></ul></body></html>")
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        sources[relative] = text
    return sources


def expected(path: Path) -> str:
    """The conversion of one file by the transmark executable, for comparison."""
    return subprocess.run([transmark_dask.transmark_binary(), "convert", str(path), "-t", "markdown"],
                          check=True, capture_output=True).stdout.decode()


def test_binary_is_built():
    assert os.access(transmark_dask.transmark_binary(), os.X_OK), \
        "build transmark first (swift build) or set TRANSMARK_BIN"


def test_every_document_comes_back_converted(client, tmp_path):
    sources = make_site(tmp_path / "site", 60)
    out = tmp_path / "out"
    reports = transmark_dask.convert_folder(client, str(tmp_path / "site"), str(out), to="markdown")

    assert [r["path"] for r in reports] == sorted(sources)
    assert all(r["ok"] for r in reports), [r for r in reports if not r["ok"]]
    # The work was spread over both worker processes.
    assert len({r["worker"] for r in reports}) == 2
    for relative in sources:
        converted = (out / relative).with_suffix(".md")
        assert converted.exists(), relative
        assert converted.read_text(encoding="utf-8") == expected(tmp_path / "site" / relative), relative
    # Nothing but the outputs: no temporary files.
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == sorted(str(Path(r).with_suffix(".md")) for r in sources)


def test_bad_records_come_back_as_errors_in_order(client):
    records = [{"id": i, "content": f"<p>doc {i}</p>", "from": "html"} for i in range(20)]
    records[5]["from"] = "docx"
    records[9] = {"id": 9, "content": 42}

    def run(partition):
        return list(transmark_dask.pipe_records(partition, to="markdown"))

    import dask.bag as db
    results = db.from_sequence(records, npartitions=4).map_partitions(run).compute()
    assert [r["id"] for r in results] == list(range(20))
    assert results[5]["error"]["code"] == "unknown-format"
    assert results[9]["error"]["code"] == "invalid-record"
    assert results[0] == {"id": 0, "content": "doc 0\n"}
    assert sum("content" in r for r in results) == 18
