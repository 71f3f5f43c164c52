#!/usr/bin/env bash
# Installs what Transmark needs from Debian's packages, when it is missing:
# libcmark-gfm (with its GFM extensions) and pkg-config. Safe to run again.
set -euo pipefail

packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq || echo "setup: apt-get update failed; trying the install with the current package lists" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

pkg-config --exists libcmark-gfm || { echo "setup: libcmark-gfm is not visible to pkg-config" >&2; exit 1; }
