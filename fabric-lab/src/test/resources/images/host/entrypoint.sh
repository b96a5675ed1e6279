#!/bin/sh
# The test copies the user's public key to /keys/authorized_keys before the container starts.
set -e
if [ -f /keys/authorized_keys ]; then
  install -o lab -g lab -m 600 /keys/authorized_keys /home/lab/.ssh/authorized_keys
fi
prometheus-node-exporter --web.listen-address=:9100 --collector.disable-defaults \
  --collector.netdev --collector.netclass >/var/log/node-exporter.log 2>&1 &
exec /usr/sbin/sshd -D -e
