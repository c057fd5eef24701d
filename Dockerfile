# The Floe bot. Build: docker build -t floe-bot .   Run: see compose.yaml ("Running at scale" in README.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderer ./renderer
COPY storage ./storage
COPY bot ./bot
COPY ai ./ai
COPY util ./util
COPY seeds ./seeds
# editable: the bot reads the rulebooks from seeds/ beside its packages
RUN pip install -e .

RUN useradd --system --uid 10001 --home-dir /app floe && mkdir -p /data && chown floe /data
USER floe

# SQLite by default (a file in /data); set DATABASE=postgresql://... to share one database.
ENV DATABASE=/data/floe.db \
    METRICS_HOST=0.0.0.0
VOLUME ["/data"]

# /health answers 200 once the bot is connected (only when METRICS_PORT is set)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import os, sys, urllib.request; p = os.environ.get('METRICS_PORT'); sys.exit(0 if not p else urllib.request.urlopen(f'http://127.0.0.1:{p}/health', timeout=4).status != 200)"

CMD ["floe", "run"]
