#!/usr/bin/env bash
# No Docker engine runs on these machines, so this performs the Dockerfile's own steps outside it:
# build with all dependencies, prune to production dependencies, assemble the run stage's files
# only, start with NODE_ENV=production on an empty data folder, check /healthz and a page, then
# stop with SIGTERM while a request is open: it is answered, and the exit code is 0. Also: without
# SESSION_SECRET the secret is kept with the data and survives a restart.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# "STATUS BODY" of a GET, or "000" when nothing answers (node, so the check needs no curl).
get() { node -e 'fetch(process.argv[1]).then(async r => console.log(r.status + " " + (await r.text()).slice(0, 100)), () => console.log("000"))' "$1"; }
fail() { echo "docker recipe: FAILED: $*" >&2; [ -f "$work/server.log" ] && sed 's/^/  server: /' "$work/server.log" >&2; exit 1; }

# One Node major everywhere: .nvmrc, package.json's engines, the image, and the Node running this.
major=$(cat .nvmrc)
grep -q "^FROM node:$major-" Dockerfile || fail "Dockerfile's node image is not Node $major (.nvmrc)"
node -e 'const e=require("./package.json").engines.node; process.exit(e.startsWith(">=" + process.argv[1] + ".") && e.endsWith("<" + (+process.argv[1] + 1)) ? 0 : 1)' "$major" \
  || fail "package.json engines is not Node $major"
[ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ] || fail "tests run on Node $(node --version), not $major"

# Every documented `docker run` of the site (the one-off `--rm` commands aside) keeps it running with a
# restart policy, within a memory limit that leaves room beside the image's Node heap limit.
node -e '
const fs = require("fs");
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const runs = [...dockerfile.matchAll(/`(docker run [^`]*)`/g)].map((m) => m[1]);
for (const file of ["README.md", "docs/operations.md"])
  runs.push(...fs.readFileSync(file, "utf8").replace(/\\\n\s*/g, " ").split("\n").filter((l) => l.startsWith("docker run")));
const heap = Number(/NODE_OPTIONS=--max-old-space-size=(\d+)/.exec(dockerfile)?.[1]);
const problems = heap > 0 ? [] : ["the Dockerfile sets no NODE_OPTIONS=--max-old-space-size"];
const site = runs.filter((run) => !run.includes("--rm"));
if (site.length < 2) problems.push("fewer than two docker run commands of the site found");
for (const run of site) {
  if (!run.includes("--restart unless-stopped")) problems.push("no restart policy: " + run);
  const memory = Number(/--memory[= ](\d+)m\b/.exec(run)?.[1]);
  if (!memory) problems.push("no memory limit: " + run);
  else if (heap * 2 > memory) problems.push(`a ${heap} MB heap is more than half of --memory ${memory}m: ` + run);
}
if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
' || fail "a documented docker run lacks its restart policy or memory limit"
node_options=$(sed -n 's/^ *NODE_OPTIONS=\([^ ]*\).*/\1/p' Dockerfile)

# Build stage. `COPY . .` honours .dockerignore; `npm install` is stood in for by hard links to
# the node_modules this machine already installed from the same lockfile.
mkdir -p "$work/build-stage" "$work/run-stage" "$work/data"
# One cp for all the files (a cp per file cost some 3 s of CPU).
git ls-files -co --exclude-standard -z | while IFS= read -r -d '' f; do
  case "$f" in node_modules/*|build/*|data/*|uploads/*|test-results/*|reports/*|.ci/*) continue ;; esac
  if [ -e "$f" ]; then printf '%s\0' "$f"; fi
done | xargs -0 -r cp --parents -p -t "$work/build-stage/"
# The folder's contents ("/."): a node_modules that is a link to a shared install (a git worktree's)
# would otherwise be copied as the link, and the prune below would work on the shared install.
cp -al "$root/node_modules/." "$work/build-stage/node_modules"
# npm prune rewrites this file in place: give the copy its own, or the hard link would prune ours
# (an install without it, such as a shared one, leaves npm to write a new one).
rm -f "$work/build-stage/node_modules/.package-lock.json"
if [ -f "$root/node_modules/.package-lock.json" ]; then
  cp "$root/node_modules/.package-lock.json" "$work/build-stage/node_modules/.package-lock.json"
fi
(cd "$work/build-stage" && npm run build >/dev/null && npm prune --omit=dev --no-audit --no-fund >/dev/null 2>&1) \
  || fail "build or prune"

# Run stage: exactly the files the Dockerfile copies (node_modules as hard links: the same files,
# without writing some 300 MB again).
for f in package.json server.ts build db/migrations; do
  mkdir -p "$(dirname "$work/run-stage/$f")"
  cp -a "$work/build-stage/$f" "$work/run-stage/$f"
done
cp -al "$work/build-stage/node_modules" "$work/run-stage/node_modules"
[ ! -d "$work/run-stage/node_modules/vite" ] || fail "dev dependencies survived the prune"

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export NODE_ENV=production NODE_OPTIONS="$node_options" PORT="$port" HOST=127.0.0.1 DATABASE_PATH="$work/data/app.db" UPLOADS_DIR="$work/data/uploads"

# Starts the run stage's server in the background (server_pid) and waits until /healthz answers;
# `$1` is what to say if it exits first. /healthz is asked once the log says the server listens: a
# node process per poll cost more CPU than the start itself.
start_server() {
  env -u SESSION_SECRET node server.ts >"$work/server.log" 2>&1 &
  server_pid=$!
  # Up to a minute: a start on two cores shared with other busy processes has taken tens of seconds.
  for _ in $(seq 1 600); do
    if grep -q "Listening on http://localhost:$port " "$work/server.log"; then
      [[ "$(get "http://127.0.0.1:$port/healthz")" == 200* ]] && break
    fi
    kill -0 "$server_pid" 2>/dev/null || fail "$1"
    sleep 0.1
  done
}

cd "$work/run-stage"
start_server "server exited during start"
# Without SESSION_SECRET the secret is made once and kept with the data, for its owner alone.
[ "$(stat -c %a "$work/data/session-secret" 2>/dev/null)" = 600 ] || fail "no session-secret (mode 600) beside the database"
secret_before=$(cat "$work/data/session-secret")
[[ "$(get "http://127.0.0.1:$port/healthz")" == '200 {"status":"ok",'* ]] || fail "/healthz"
[[ "$(get "http://127.0.0.1:$port/")" == 200* ]] || fail "GET / was not 200"
[[ "$(get "http://127.0.0.1:$port/blog")" == 200* ]] || fail "GET /blog was not 200"
[ -f "$work/data/app.db" ] || fail "no database created in the empty data folder"

# SIGTERM arrives while a request is open: it must still be answered, then the process exits 0.
node "$root/scripts/inflight-check.mjs" "$port" "$server_pid" || fail "an in-flight request was cut off by SIGTERM"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" = 0 ] || fail "SIGTERM exit code $status"
start_server "server exited during a restart"
[ "$(cat "$work/data/session-secret")" = "$secret_before" ] || fail "a restart made a new session secret"
kill -TERM "$server_pid"
wait "$server_pid" || fail "SIGTERM exit code after the restart"
server_pid=""

# Off-site backup (decision 031): with BACKUP_REPLICA_URL the run stage's own files replicate (the
# litestream binary survived the prune); an emptied data folder is restored from the replica at start.
[ -x node_modules/@flydotio/litestream-linux-x64/litestream ] || fail "no litestream binary in the run stage"
rm -rf "$work/data" && mkdir -p "$work/data"
export BACKUP_REPLICA_URL="file://$work/replica"
start_server "server exited during start with BACKUP_REPLICA_URL"
node -e 'fetch(process.argv[1] + "/api/contact", { method: "POST", headers: { "content-type": "application/json", origin: process.argv[1] }, body: JSON.stringify({ name: "Recipe Check", email: "recipe@example.ie", budget: "5k-10k", goals: "An enquiry that must survive an empty volume." }) }).then(r => process.exit(r.status === 201 ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$port" \
  || fail "enquiry with BACKUP_REPLICA_URL"
kill -TERM "$server_pid"
wait "$server_pid" || fail "SIGTERM exit code with BACKUP_REPLICA_URL"
server_pid=""
rm -rf "$work/data" && mkdir -p "$work/data"
start_server "server exited while restoring"
grep -q "Restored the database" "$work/server.log" || fail "an empty data folder was not restored from the replica"
node -e 'const db = new (require("better-sqlite3"))(process.argv[1], { readonly: true }); process.exit(db.prepare("select count(*) n from enquiries where email = ?").get("recipe@example.ie").n === 1 ? 0 : 1)' "$work/data/app.db" \
  || fail "the enquiry was not in the restored database"
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""
echo "docker recipe: ok (production install, build, start on an empty /data, /healthz 200, pages 200, in-flight request finished after SIGTERM, exit 0, the session secret kept across a restart, replicated and restored on an empty /data with BACKUP_REPLICA_URL)"
