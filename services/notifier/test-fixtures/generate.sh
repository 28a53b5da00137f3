#!/bin/sh
# Regenerates the TEST-ONLY certificates of the local push receiver (src/test-support/push-receiver.ts).
# Run once from this folder; the output is committed. The CA's private key is thrown away after signing.
set -eu
days=36500
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days "$days" \
  -subj '/CN=PitClock test push receiver CA (test only)' \
  -addext 'basicConstraints=critical,CA:TRUE' -addext 'keyUsage=critical,keyCertSign,cRLSign' \
  -keyout "$tmp/ca-key.pem" -out push-receiver-ca.pem

/usr/bin/openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -subj '/CN=localhost' -keyout push-receiver-key.pem -out "$tmp/server.csr"

printf '%s\n' 'basicConstraints=critical,CA:FALSE' 'keyUsage=critical,digitalSignature' \
  'extendedKeyUsage=serverAuth' 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost' >"$tmp/server.ext"

/usr/bin/openssl x509 -req -in "$tmp/server.csr" -CA push-receiver-ca.pem -CAkey "$tmp/ca-key.pem" \
  -CAcreateserial -CAserial "$tmp/ca.srl" -days "$days" -extfile "$tmp/server.ext" -out push-receiver-cert.pem
