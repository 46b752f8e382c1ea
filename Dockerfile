# Listina: one image for every role (PROCESS_ROLE=all | api | worker). docs/deployment.md.
# The runtime files copied below are listed once in apps/server/test/deployment.test.ts, which
# checks them against what the server reads at run time.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/forms/package.json packages/forms/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (apps/web/dist), the server bundle (apps/server/dist/main.js) and the PGlite
# template (apps/server/.cache).
RUN npm run build

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/forms/package.json packages/forms/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server's production dependencies only (with those of packages/contract and forms, which
# the bundle holds): native modules (@node-rs/argon2, @napi-rs/canvas), PGlite, the Tesseract
# models, pdf.js fonts and cmaps, DejaVu fonts. Not the web app's: it is served built.
RUN npm ci --omit=dev --workspace @listina/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/.cache apps/server/.cache
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/server/src/modules/translations/catalogue apps/server/src/modules/translations/catalogue
COPY apps/server/src/modules/capture/einvoice/schemas apps/server/src/modules/capture/einvoice/schemas
COPY apps/server/src/modules/payments/iso20022/schemas apps/server/src/modules/payments/iso20022/schemas
COPY docs/openapi.json docs/openapi.json

RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin listina \
  && mkdir -p /data && chown listina:listina /data
USER listina
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    PROCESS_ROLE=all
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Graceful shutdown: SIGTERM drains requests in flight for SHUTDOWN_GRACE_MS (docs/operations.md).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
