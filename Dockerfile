# syntax=docker/dockerfile:1
# The site in one container:
#   `docker run -d --restart unless-stopped --memory 512m -p 3000:3000 -v agency-data:/data image`
# (restarted if the process ever ends; it runs within 512 MB, docs/operations.md "Docker").
# scripts/docker-recipe-check.sh runs these same steps outside Docker on every `npm test`.

# ---- build: all dependencies, compile the app and the server, then drop dev dependencies
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- run: production dependencies and the build only, as an unprivileged user
FROM node:24-bookworm-slim
# Node's heap stops at 256 MB, half the 512 MB the container is given: the rest is the code, SQLite's
# pages, image work and young objects (npm run loadtest prints what the server holds).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=256 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/app.db \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server.ts ./
COPY --from=build /app/db/migrations ./db/migrations
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# With BACKUP_REPLICA_URL (+ AWS_* for S3) the server runs Litestream (from node_modules) beside itself
# and restores an empty /data from the replica at start (docs/decisions/031).
# Node forwards SIGTERM to the server, which finishes open requests, lets Litestream copy the last
# changes and closes the database.
CMD ["node", "server.ts"]
