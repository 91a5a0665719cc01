"""Where a `--engine dask` run's time goes, measured in ways a loaded machine changes little. Used by side_by_side.py's
`dask` row (base and current in one run); not part of the test run.

`instrumented_run` runs one batch on a LocalCluster in this (fresh) process and reports, besides the wall time:

  client CPU       CPU of this process (client, scheduler and nannies: a LocalCluster runs them here), from just
                   before `run_batch` to its return;
  worker CPU       CPU of each worker process when the client closes (read on the workers), plus the forkserver's
                   if the workers were forked from one (it imported what they use); `outside` is the part not spent
                   in the thread that runs the tasks (start-up, event loop, profiler, monitors);
  bytes in         frames the client process deserialised (results, heartbeats, scheduler messages);
  tasks            tasks the scheduler ran, to divide by the partitions;
  phases           seconds until the cluster was up, until the first and the last results were written, and the
                   rest (closing the client and the cluster: "last result to return").

It wraps distributed's and combatcheck's functions by name, so it measures the base (main) and this checkout alike.
"""

from __future__ import annotations

import importlib
import os
import resource
import time
from pathlib import Path
from typing import Any


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _worker_accounts() -> dict[str, float]:
    """Run on a worker: its process CPU, and how much of it the threads that run tasks used."""
    import threading

    tick = os.sysconf("SC_CLK_TCK")
    tasks = 0.0
    for thread in threading.enumerate():
        if "Dask-Default-Threads" not in thread.name:
            continue
        try:
            fields = Path(f"/proc/self/task/{thread.native_id}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        tasks += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return {"process": _cpu(resource.RUSAGE_SELF), "tasks": tasks}


def _process_cpu(pid: int) -> float:
    """CPU seconds of another process of ours (the forkserver), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def instrumented_run(workers: int, files: list[str], out: Path) -> dict[str, Any]:
    # distributed is untyped where it is wrapped here: handled as Any.
    distributed: Any = importlib.import_module("distributed")
    protocol: Any = importlib.import_module("distributed.protocol")
    plugins: Any = importlib.import_module("distributed.diagnostics.plugin")
    from combatcheck.batch import BatchOptions, run_batch
    from combatcheck.batch import results as results_module

    started = time.perf_counter()
    marks: dict[str, float] = {}
    received = [0]
    tasks: set[str] = set()
    workers_seen: dict[str, dict[str, float]] = {}

    real_loads = protocol.loads

    def counting_loads(frames: list[Any], *args: Any, **kwargs: Any) -> Any:
        received[0] += sum(memoryview(frame).nbytes for frame in frames)
        return real_loads(frames, *args, **kwargs)

    def transition(self: Any, key: Any, start: str, finish: str, *args: Any, **kwargs: Any) -> None:
        if finish in ("memory", "erred"):
            tasks.add(str(key))

    task_counter = type("TaskCounter", (plugins.SchedulerPlugin,), {"transition": transition})

    real_cluster = distributed.LocalCluster

    def timed_cluster(*args: Any, **kwargs: Any) -> Any:
        cluster = real_cluster(*args, **kwargs)
        cluster.scheduler.add_plugin(task_counter())
        marks["cluster up"] = time.perf_counter() - started
        return cluster

    real_close = distributed.Client.close

    def accounting_close(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not workers_seen:
            workers_seen.update(self.run(_worker_accounts))
        return real_close(self, *args, **kwargs)

    writer = results_module.ResultWriter
    name = "write" if hasattr(writer, "write") else "emit"  # main before this branch: emit only
    real_write = getattr(writer, name)

    def timed_write(self: Any, *args: Any, **kwargs: Any) -> Any:
        marks.setdefault("first result", time.perf_counter() - started)
        done = real_write(self, *args, **kwargs)
        marks["last result"] = time.perf_counter() - started
        return done

    protocol.loads = counting_loads
    distributed.LocalCluster = timed_cluster
    distributed.Client.close = accounting_close
    setattr(writer, name, timed_write)

    own = _cpu(resource.RUSAGE_SELF)
    started = time.perf_counter()
    summary = run_batch(files, out, BatchOptions(engine="dask", workers=workers, overwrite=True))
    wall = time.perf_counter() - started
    client_cpu = _cpu(resource.RUSAGE_SELF) - own
    out.unlink()

    from multiprocessing import forkserver

    server = getattr(getattr(forkserver, "_forkserver", None), "_forkserver_pid", None)
    forkserver_cpu = _process_cpu(server) if server else 0.0
    worker_cpu = sum(w["process"] for w in workers_seen.values()) + forkserver_cpu
    task_cpu = sum(w["tasks"] for w in workers_seen.values())
    records = summary.records
    return {
        "wall": wall,
        "records": records,
        "client_cpu_us": client_cpu / records * 1e6,
        "worker_cpu_us": worker_cpu / records * 1e6,
        "worker_outside_us": (worker_cpu - task_cpu) / records * 1e6,
        "bytes_in": received[0] / records,
        "tasks": len(tasks),
        "cluster_up": marks.get("cluster up", 0.0),
        "first_result": marks.get("first result", 0.0),
        "after_last_result": wall - marks.get("last result", wall),
    }


def partitions(files: list[str], lines: int = 5000) -> int:
    """How many partitions the engine plans for plain `files` at `lines` lines per partition (the default)."""
    count = 0
    for name in files:
        with open(name, "rb") as stream:
            count += max(1, -(-sum(1 for _ in stream) // lines))
    return count


def transfer_instructions(path: str, lines: int, side: str) -> None:
    """Run under callgrind with --toggle-collect=functools_reduce: the instructions of one partition's results on
    their way from the task to the file, without the check itself. `side` "worker": what the task does after the
    checks (the base: nothing but pickling the result dicts; this branch: formatting and counting, then pickling);
    "client": unpickling and writing (the base: formatting and counting each record there too)."""
    import functools
    import tempfile

    protocol: Any = importlib.import_module("distributed.protocol")
    from combatcheck.batch import dask_engine
    from combatcheck.batch.reading import InputFile
    from combatcheck.batch.record import check_chunk
    from combatcheck.batch.results import ResultWriter
    from combatcheck.batch.summary import Summary

    reader = InputFile(path)
    reader.open()
    try:
        partition = dask_engine.plan_partitions(reader, lines)[0]
    finally:
        reader.close()
    results = check_chunk(dask_engine.read_partition(partition, frozenset()))
    formats = getattr(dask_engine, "PartitionResults", None) is not None  # this branch: the worker formats

    def on_worker() -> list[Any]:
        if formats:
            from combatcheck.batch.results import format_results

            payload: Any = dask_engine.PartitionResults(*format_results([(partition.name, len(results))], results))
        else:
            payload = results
        frames: list[Any] = protocol.dumps({"data": protocol.to_serialize(payload)})
        return frames

    frames = on_worker()
    with tempfile.TemporaryDirectory() as tmp:
        writer = ResultWriter(Path(tmp) / "out.jsonl", Summary(), None)

        def on_client() -> None:
            got = protocol.loads(frames)["data"]
            if formats:
                writer.write(got.text, got.tally, None)
            else:
                writer.emit([(partition.name, len(got))], got, None)

        on_client()  # warm-up: first calls, file open
        measured = on_worker if side == "worker" else on_client
        functools.reduce(lambda _, __: measured(), range(1), None)
        writer.close()


def check_only(path: str) -> None:
    """The checks of a file and nothing else, in this process (a calibration's unit of work)."""
    from combatcheck.batch.reading import InputFile
    from combatcheck.batch.record import check_chunk

    reader = InputFile(path)
    reader.open()
    try:
        check_chunk(list(reader.items()))
    finally:
        reader.close()


def check_calibration(path: str, env: dict[str, str]) -> float:
    """How many times more records two independent processes check than one, per second, right now (ideal 2):
    the most any engine can get from two workers on this machine at this moment, for these records. Unlike a spin
    loop, it shares the memory caches and bandwidth as two workers do."""
    import subprocess
    import sys

    command = [sys.executable, str(Path(__file__).resolve()), "--check-only", path]
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True)
    one = time.perf_counter() - started
    started = time.perf_counter()
    children = [subprocess.Popen(command, env=env) for _ in range(2)]
    for child in children:
        child.wait()
    return 2 * one / (time.perf_counter() - started)


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--check-only"]:
        check_only(sys.argv[2])
    else:
        print(f"{check_calibration(sys.argv[1], dict(os.environ)):.2f}")
