// Sends each new upload to the replica as it arrives: a watch on the uploads folder, and a full
// comparison at start and every 10 minutes in case an event was missed (or the replica was away).
import { type FSWatcher, watch } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

import pLimit from "p-limit";

import { log } from "~/platform/log.server";
import { defineTask, removeTask } from "~/platform/tasks.server";

import { type BackupTarget, listFiles, skipUpload } from "./backup-target.server";

const RESCAN_MS = 10 * 60_000;

export type UploadCopier = { lastError: string | null; stop: () => Promise<void> };

export function startUploadCopier(root: string, target: BackupTarget): UploadCopier {
  const copied = new Map<string, number>(); // relative path → size in the replica
  const limit = pLimit(4);
  const inFlight = new Set<Promise<void>>();
  // A file gets several events while it is written: one copy at a time, once more if it changed meanwhile.
  const queued = new Map<string, { again: boolean }>();
  let stopped = false;
  const state: UploadCopier = { lastError: null, stop };

  const copy = (relative: string) => {
    if (stopped || skipUpload(relative) || relative.includes(".partial-")) return;
    const already = queued.get(relative);
    if (already) {
      already.again = true;
      return;
    }
    const entry = { again: false };
    queued.set(relative, entry);
    const job = limit(async () => {
      const file = path.join(root, relative);
      let info;
      try {
        info = await stat(file);
      } catch {
        return; // gone again (a temporary name)
      }
      if (info.isDirectory()) {
        // A folder renamed into place (an image's variants): copy what is in it.
        for (const [inner] of await listFiles(file)) copy(`${relative}/${inner}`);
        return;
      }
      if (!info.isFile() || copied.get(relative) === info.size) return;
      try {
        await target.put(root, relative, info.size);
        copied.set(relative, info.size);
        state.lastError = null;
      } catch (error) {
        state.lastError = `Uploads could not be copied: ${error instanceof Error ? error.message : String(error)}`;
        log.error(
          { err: error },
          `Off-site backup: could not copy upload ${relative} (retried at the next scan)`,
        );
      }
    });
    const done = job.finally(() => {
      inFlight.delete(done);
      queued.delete(relative);
      if (entry.again) copy(relative);
    });
    inFlight.add(done);
  };

  const scan = async () => {
    try {
      const [local, remote] = await Promise.all([listFiles(root), target.list()]);
      for (const [relative, size] of remote) copied.set(relative, size);
      for (const [relative, size] of local) if (remote.get(relative) !== size) copy(relative);
    } catch (error) {
      state.lastError = `Uploads could not be compared with the replica: ${error instanceof Error ? error.message : String(error)}`;
      log.error({ err: error }, "Off-site backup: could not compare the uploads with the replica");
    }
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(root, { recursive: true }, (_event, name) => {
      if (name) copy(name.toString().split(path.sep).join("/"));
    });
    watcher.on("error", (error) =>
      log.error({ err: error }, "Off-site backup: watching the uploads folder failed"),
    );
  } catch (error) {
    log.error(
      { err: error },
      "Off-site backup: cannot watch the uploads folder; copying every 10 minutes instead",
    );
  }
  defineTask({
    name: "backup-uploads",
    label: "Compares the uploads with their off-site copies",
    every: RESCAN_MS,
    run: scan,
  });

  async function stop() {
    await removeTask("backup-uploads");
    watcher?.close();
    // Uploads already being copied are finished (for up to 5 s: a stop must not wait on a slow
    // network; what is left is copied by the next start's comparison); nothing new starts.
    stopped = true;
    const deadline = Date.now() + 5000;
    while (inFlight.size && Date.now() < deadline)
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 500))]);
  }
  return state;
}
