"""Convert documents on a Dask ``distributed`` cluster with ``transmark convert --jsonl``.

Each partition of documents is piped through one ``transmark`` process on the worker that holds
it: one JSON object per document in (``{"id": ..., "content": ...}``), one per document out, in
the same order. Every worker needs the ``transmark`` executable (and libcmark-gfm, which it links
against); name it with ``TRANSMARK_BIN`` or the ``binary`` argument.

    from dask.distributed import Client, LocalCluster
    import transmark_dask

    with LocalCluster(n_workers=2, processes=True) as cluster, Client(cluster) as client:
        report = transmark_dask.convert_folder(client, "site/", "site-md/", to="markdown")

Run as a program: ``python transmark_dask.py INPUT_FOLDER OUTPUT_FOLDER [--scheduler ADDRESS]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Iterable, Iterator

#: Output file extension for each target format.
EXTENSIONS = {"markdown": ".md", "html": ".html", "text": ".txt", "ansi": ".ansi", "tree": ".tree",
              "styled-json": ".styled.json"}
#: Input file extensions that transmark reads, and their formats.
INPUT_FORMATS = {".html": "html", ".htm": "html", ".xhtml": "html", ".md": "markdown", ".markdown": "markdown"}


def transmark_binary(binary: str | None = None) -> str:
    """The transmark executable: ``binary``, else ``$TRANSMARK_BIN``, else the repository's debug build."""
    if binary:
        return binary
    if os.environ.get("TRANSMARK_BIN"):
        return os.environ["TRANSMARK_BIN"]
    return str(Path(__file__).resolve().parents[2] / ".build" / "debug" / "transmark")


def pipe_records(records: Iterable[dict], *, to: str = "markdown", from_: str | None = None,
                 jobs: int = 1, binary: str | None = None) -> Iterator[dict]:
    """Converts records (``{"id", "content", optional "from", "to", "options"}``) through one
    ``transmark convert --jsonl`` process, yielding its output records in input order. The input
    is written from a thread while the output is read, so neither pipe can fill up and block."""
    command = [transmark_binary(binary), "convert", "--jsonl", "--quiet", "-t", to, "--jobs", str(jobs)]
    if from_:
        command += ["-f", from_]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    failure: list[BaseException] = []

    def feed() -> None:
        try:
            for record in records:
                process.stdin.write(json.dumps(record, ensure_ascii=False).encode() + b"\n")
        except BaseException as error:  # a broken pipe is reported through the exit status
            failure.append(error)
        finally:
            process.stdin.close()

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    for line in process.stdout:
        yield json.loads(line)
    writer.join()
    errors = process.stderr.read().decode(errors="replace")
    if process.wait() != 0 or failure:
        raise RuntimeError(f"transmark failed (exit {process.returncode}): {errors.strip() or failure}")


def convert_paths(paths: list[str], root: str, output: str, *, to: str = "markdown",
                  binary: str | None = None) -> list[dict]:
    """Converts files (paths relative to ``root``) into ``output``, mirroring the tree; returns one
    report per file: ``{"path", "ok", "error", "worker"}``. This is what runs in each partition."""
    extension = EXTENSIONS.get(to, "." + to)
    records = []
    for relative in paths:
        source = Path(root, relative)
        records.append({"id": relative, "content": source.read_bytes().decode("utf-8", errors="replace"),
                        "from": INPUT_FORMATS[source.suffix.lower()]})
    worker = f"{os.uname().nodename}:{os.getpid()}"
    reports = []
    for record in pipe_records(records, to=to, binary=binary):
        relative = record["id"]
        if "error" in record:
            reports.append({"path": relative, "ok": False, "error": record["error"], "worker": worker})
            continue
        target = Path(output, relative).with_suffix(extension)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.tmp-{os.getpid()}")
        temporary.write_text(record["content"], encoding="utf-8")
        temporary.replace(target)  # whole or not at all
        reports.append({"path": relative, "ok": True, "error": None, "worker": worker})
    return reports


def documents(root: str) -> list[str]:
    """The files under ``root`` that transmark reads, relative to it, sorted."""
    base = Path(root)
    return sorted(str(p.relative_to(base)) for p in base.rglob("*")
                  if p.is_file() and p.suffix.lower() in INPUT_FORMATS)


def convert_folder(client, root: str, output: str, *, to: str = "markdown", npartitions: int | None = None,
                   binary: str | None = None) -> list[dict]:
    """Converts every document under ``root`` into ``output`` on the cluster behind ``client``: the
    paths are split into partitions (by default two per worker), each converted by
    ``convert_paths`` on a worker. ``root`` and ``output`` must be visible to every worker (a
    shared file system). Returns the per-file reports, in path order."""
    import dask.bag as db

    paths = documents(root)
    if not paths:
        return []
    if npartitions is None:
        npartitions = max(1, 2 * len(client.scheduler_info()["workers"]))
    bag = db.from_sequence(paths, npartitions=min(npartitions, len(paths)))
    root, output = os.path.abspath(root), os.path.abspath(output)
    reports = bag.map_partitions(convert_paths, root, output, to=to, binary=binary)
    return reports.compute()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--to", default="markdown")
    parser.add_argument("--scheduler", help="address of a running scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=2, help="workers of the local cluster")
    arguments = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    if arguments.scheduler:
        client = Client(arguments.scheduler)
    else:
        client = Client(LocalCluster(n_workers=arguments.workers, threads_per_worker=1, processes=True))
    with client:
        reports = convert_folder(client, arguments.input, arguments.output, to=arguments.to)
    failed = [r for r in reports if not r["ok"]]
    print(f"converted {len(reports) - len(failed)} of {len(reports)} documents")
    for report in failed:
        print(f"  {report['path']}: {report['error']['code']}: {report['error']['message']}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
