# Source this (`. scripts/use-node.sh`): puts the project's Node (the major in .nvmrc) first on PATH.
# A machine whose Node is another major gets it from the npm registry's `node` package, installed once
# into .node/, and npm builds native addons (better-sqlite3) against that Node's own headers.
_project_dir="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_want_major="$(cat "$_project_dir/.nvmrc")"
_have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)"
if [ "$_have_major" != "$_want_major" ]; then
  _node_home="$_project_dir/.node"
  if [ ! -x "$_node_home/node_modules/.bin/node" ]; then
    echo "Node $_have_major found; installing Node $_want_major into .node/ from the npm registry" >&2
    npm install --prefix "$_node_home" --no-save --no-audit --no-fund --loglevel=error "node@$_want_major" >&2 \
      || { echo "could not install Node $_want_major" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_node_home/node_modules/.bin:$PATH"
  # The registry package carries the headers (include/node) that node-gyp would otherwise download.
  npm_config_nodedir="$(dirname "$(find "$_node_home/node_modules" -path '*/include/node/node.h' | head -n 1)")"
  export npm_config_nodedir="${npm_config_nodedir%/include/node}"
fi
unset _project_dir _want_major _have_major _node_home
