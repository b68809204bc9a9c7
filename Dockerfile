# One image for api, realtime and workers; the compose file picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY infra/package.json infra/
COPY api/package.json api/
COPY realtime/package.json realtime/
COPY workers/package.json workers/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
