FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui postgresql-client && rm -rf /var/lib/apt/lists/* \
  && npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm turbo run build --filter=@lexserve/web --filter=@lexserve/api
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["pnpm", "--filter", "@lexserve/api", "start"]
