# Kouyu: web app + API in one image. Build: `docker build -t kouyu .`; run several behind a proxy with
# compose.yaml (see README "Deploying").

# --- build: install everything, compile core, server and web, then drop the dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The page font (decision 020) cuts only the Regular weight: the eight other weights of the package
# (about 84 MB) stay out of the image.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && find node_modules/@expo-google-fonts/noto-sans-sc -mindepth 1 -maxdepth 1 -type d ! -name 400Regular -exec rm -rf {} +

# --- runtime: the built files and production dependencies, run as the unprivileged `node` user
FROM node:20-bookworm-slim AS runtime
# espeak-ng is the embedded speech synthesis; tini forwards SIGTERM to node,
# whose graceful stop lets open feedback and recognition sockets finish (SHUTDOWN_GRACE_S).
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/server.js"]
