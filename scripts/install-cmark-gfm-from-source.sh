#!/usr/bin/env bash
# scripts/install-cmark-gfm-from-source.sh PREFIX [SOURCE_DIR]
#
# Builds libcmark-gfm from source and installs it under PREFIX the way Debian's libcmark-gfm-dev
# lays it out, for platforms whose package lacks what Transmark needs (Homebrew's cmark-gfm
# installs the public headers only):
#   - the static libraries libcmark-gfm.a and libcmark-gfm-extensions.a (no run-time search path
#     to set up for the test binaries);
#   - the public headers in PREFIX/include, and the library's internal headers (node.h,
#     parser.h, syntax_extension.h, …) in PREFIX/include/cmark-gfm/, which the C helpers of
#     CCmarkExtensions read (Transmark's own autolink and tasklist extensions, the chunked parse);
#   - PREFIX/lib/pkgconfig/libcmark-gfm.pc, whose Libs line links the extensions library too,
#     as Debian's does (Package.swift names only `libcmark-gfm`).
# Then build with `PKG_CONFIG_PATH=PREFIX/lib/pkgconfig swift build`.
#
# The version is CMARK_GFM_VERSION (default 0.29.0.gfm.6, the one Debian 12 ships and the test
# suite's expectations were checked with), cloned from github.com/github/cmark-gfm unless
# SOURCE_DIR holds a checkout. Needs git (without SOURCE_DIR), cmake and a C compiler.
set -euo pipefail
PREFIX="${1:?usage: scripts/install-cmark-gfm-from-source.sh PREFIX [SOURCE_DIR]}"
SOURCE="${2:-}"
VERSION="${CMARK_GFM_VERSION:-0.29.0.gfm.6}"
mkdir -p "$PREFIX"
PREFIX="$(cd "$PREFIX" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if [[ -z "$SOURCE" ]]; then
    git clone --quiet --depth 1 --branch "$VERSION" https://github.com/github/cmark-gfm "$WORK/source"
    SOURCE="$WORK/source"
fi
[[ -f "$SOURCE/src/node.h" ]] || { echo "error: $SOURCE is not a cmark-gfm checkout (no src/node.h)" >&2; exit 2; }

cmake -S "$SOURCE" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" \
    -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
    -DCMARK_TESTS=OFF -DCMARK_SHARED=OFF -DCMARK_STATIC=ON > "$WORK/cmake.log" \
    || { cat "$WORK/cmake.log" >&2; exit 1; }
cmake --build "$WORK/build" --parallel > "$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log" >&2; exit 1; }
cmake --install "$WORK/build" > /dev/null

# The internal headers, beside the generated ones they include (config.h, the export and version
# headers) and the public ones, as Debian installs them.
mkdir -p "$PREFIX/include/cmark-gfm"
cp "$SOURCE"/src/*.h "$PREFIX/include/cmark-gfm/"
cp "$WORK"/build/src/*.h "$PREFIX/include/cmark-gfm/"

for library in libcmark-gfm.a libcmark-gfm-extensions.a; do
    [[ -f "$PREFIX/lib/$library" ]] || { echo "error: the build installed no $PREFIX/lib/$library" >&2; exit 1; }
done
mkdir -p "$PREFIX/lib/pkgconfig"
# Static libraries: the extensions first, then the core they call.
cat > "$PREFIX/lib/pkgconfig/libcmark-gfm.pc" <<EOF
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: libcmark-gfm
Description: CommonMark parsing, rendering, and manipulation with GitHub Flavored Markdown extensions
Version: $VERSION
Libs: -L\${libdir} -lcmark-gfm-extensions -lcmark-gfm
Cflags: -I\${includedir}
EOF
echo "libcmark-gfm $VERSION installed in $PREFIX; build with PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig"
