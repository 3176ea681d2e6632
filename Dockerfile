# syntax=docker/dockerfile:1
# Build stage: install everything, build server, web app and console.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY tsconfig*.json vite.web.config.ts vite.admin.config.ts ./
COPY bin ./bin
COPY scripts ./scripts
COPY migrations ./migrations
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies and the built output only, as a non-root user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/pitlane \
    UPLOADS_DIR=/var/lib/pitlane/uploads
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-fund --no-audit && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
RUN mkdir -p /var/lib/pitlane && chown -R node:node /var/lib/pitlane
USER node
EXPOSE 3000
VOLUME ["/var/lib/pitlane"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Serves the built output; set DATABASE_URL and SESSION_SECRET (see docker-compose.yml).
CMD ["node", "bin/pitlane.js", "serve"]
