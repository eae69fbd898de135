# The shop (API and built client) for a server deployment; see docker-compose.yml.
# Node 24 LTS. The build stage compiles server and client; the runtime stage keeps only the
# production dependencies and the compiled output, and runs as the unprivileged `node` user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/scripts/server-script.mjs scripts/
COPY --from=build --chown=root:root /app/server/package.json server/
COPY --from=build --chown=root:root /app/server/dist server/dist
COPY --from=build --chown=root:root /app/client/dist client/dist
# GraphiQL, served only with API_EXPLORER=true in production.
COPY --from=build --chown=root:root /app/client/dist-graphiql client/dist-graphiql
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# `npm run migrate` runs the migrations alone, `npm run admin:create -- --email ...` adds an admin
# and `npm run bucket:create` makes the S3 bucket: scripts/server-script.mjs runs the compiled
# scripts as they are here (no sources, no compiler), and builds them first in a checkout.
CMD ["node", "server/dist/main.js"]
