# Dermis as a container: build in one stage, install production packages in another, run as the
# unprivileged `node` user with only what the server reads at run time. See README "Containers".
# NODE_IMAGE: any Debian-based image with Node.js 24 LTS or 26 and a `node` user (the official one
# by default; CI passes one it builds from Debian's packages and the npm registry's Node).
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

FROM ${NODE_IMAGE} AS packages
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The server's packages only: the web app is served prebuilt, so its packages stay out.
RUN npm ci --omit=dev --workspace @dermis/server --include-workspace-root --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=packages /app/node_modules node_modules
COPY package.json ./
COPY apps/server/package.json apps/server/
COPY apps/server/migrations apps/server/migrations
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A young generation of at most 8 MB a half: left to grow, start-up garbage grew it past 100 MB that an
# idle server kept resident (decision 246). No --enable-source-maps: dist/server.js turns source maps on
# for the server's own code only (src/start.ts, decision 263).
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/server.js"]
