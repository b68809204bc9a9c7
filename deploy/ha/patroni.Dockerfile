# Postgres 15 under Patroni, from Debian's packages (the same ones the fault suite runs): compose's `ha` profile.
FROM postgres:15-bookworm
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends patroni python3-etcd \
  && rm -rf /var/lib/apt/lists/*
COPY patroni.yml /etc/patroni.yml
USER postgres
CMD ["patroni", "/etc/patroni.yml"]
