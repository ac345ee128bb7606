#!/usr/bin/env bash
# Builds bianpai.exe for 64-bit Windows (x86_64-pc-windows-gnu) on Debian 12, stripped.
#
#   scripts/build-windows.sh            build (or take from the cache) and print the exe's path
#   scripts/build-windows.sh --wine     also install wine64 and make the wine test copy:
#                                       <target>/wine-run/bianpai.exe + the bcryptprimitives.dll
#                                       stand-in (tests only, never shipped); prints its path
#   scripts/build-windows.sh --dist     also make dist/bianpai-windows-x86_64/ and
#                                       dist/bianpai-windows-x86_64.zip (the release folder)
#
# Toolchain (issue 21). The linker is Debian's MinGW-w64 (gcc-mingw-w64-x86-64). The Windows
# standard library comes from rustup (`rustup target add x86_64-pc-windows-gnu`) when rustup can
# fetch it; where it cannot (no rustup, or no access to static.rust-lang.org), Debian's own
# compiler builds the standard library from source: rustc-web/cargo-web 1.96 with rust-web-src,
# `-Zbuild-std=std,panic_abort` under RUSTC_BOOTSTRAP=1 (Debian ships no Windows standard
# library). BIANPAI_WINDOWS_TOOLCHAIN=rustup|debian forces one way; the default tries rustup
# first.
#
# Cache. The build is skipped when an exe built from the same inputs exists: the key is the
# SHA-256 of the contents of every git-tracked file under src/, templates/, the samples'
# event.toml, Cargo.toml, Cargo.lock, this script and the stand-in's source (every file there
# outside a git checkout), plus the compiler's `rustc -vV` and the toolchain way. The exe is
# kept as $BIANPAI_WINDOWS_CACHE/<key>/bianpai.exe (default ~/.cache/bianpai-windows/exe),
# outside the clone; BIANPAI_WINDOWS_CACHE=off disables it. Cargo's target directory is
# $BIANPAI_WINDOWS_TARGET (default ~/.cache/bianpai-windows/target), also outside the clone.
#
# Every step that cannot be done on this machine (no apt-get, no network, a package missing)
# stops the script with a message saying which and why, exit status 3; a failed build or an exe
# that does not start under wine, exit status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

TARGET=x86_64-pc-windows-gnu
WANT_WINE=0
WANT_DIST=0
for arg in "$@"; do
  case "$arg" in
    --wine) WANT_WINE=1 ;;
    --dist) WANT_DIST=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-windows: unknown option $arg (see --help)" >&2; exit 1 ;;
  esac
done

CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/bianpai-windows"
TARGET_DIR="${BIANPAI_WINDOWS_TARGET:-$CACHE_ROOT/target}"
EXE_CACHE="${BIANPAI_WINDOWS_CACHE:-$CACHE_ROOT/exe}"
WAY="${BIANPAI_WINDOWS_TOOLCHAIN:-auto}"

die() {
  echo "build-windows: $*" >&2
  exit 1
}
# The machine cannot do a step (not the sources' fault).
cannot() {
  echo "build-windows: not possible here: $*" >&2
  exit 3
}
say() { echo "build-windows: $*" >&2; }

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
APT_UPDATED=0
# Installs Debian packages that are missing (apt-get; a clear stop where there is none).
need_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || cannot "needs the Debian packages ${missing[*]}, and there is no apt-get here to install them"
  if [ "$APT_UPDATED" -eq 0 ]; then
    $SUDO apt-get update -qq || cannot "apt-get update failed (no network or no package sources?)"
    APT_UPDATED=1
  fi
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    cannot "could not install ${missing[*]} with apt-get (the Debian 12 packages are needed)"
}

# 1. The linker (and the C compiler of the wine stand-in).
need_packages gcc-mingw-w64-x86-64
LINKER=x86_64-w64-mingw32-gcc
command -v "$LINKER" >/dev/null 2>&1 || cannot "$LINKER is not on PATH after installing gcc-mingw-w64-x86-64"

# 2. The compiler and a Windows standard library.
CARGO_CMD=()
BUILD_STD=()
use_rustup() {
  command -v rustup >/dev/null 2>&1 || return 1
  rustup target add "$TARGET" >&2 || return 1
  CARGO_CMD=(cargo)
  RUSTC_FOR_KEY=$(rustc -vV)
  WAY=rustup
}
use_debian() {
  need_packages rustc-web cargo-web rust-web-src
  [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] || cannot "Debian's cargo-web/rustc-web are not in /usr/bin"
  local sysroot src
  sysroot=$(/usr/bin/rustc --print sysroot)
  src="$sysroot/lib/rustlib/src/rust"
  if [ ! -d "$src/library/std" ]; then
    # Older rust-web-src versions leave the link to the source tree to the user.
    local tree
    tree=$(ls -d /usr/src/rustc-*/ 2>/dev/null | sort -V | tail -n 1)
    [ -n "$tree" ] && [ -d "$tree/library/std" ] || cannot "rust-web-src installed, but no standard library source in /usr/src/rustc-*/library"
    $SUDO mkdir -p "$sysroot/lib/rustlib/src"
    $SUDO ln -sfn "${tree%/}" "$src"
  fi
  CARGO_CMD=(env RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo)
  BUILD_STD=(-Zbuild-std=std,panic_abort)
  RUSTC_FOR_KEY=$(/usr/bin/rustc -vV)
  WAY=debian
}
case "$WAY" in
  rustup) use_rustup || cannot "rustup cannot add the $TARGET standard library here (no rustup, or static.rust-lang.org unreachable); try BIANPAI_WINDOWS_TOOLCHAIN=debian" ;;
  debian) use_debian ;;
  auto)
    if ! use_rustup; then
      say "rustup cannot provide the $TARGET standard library here; building it from source with Debian's rustc-web"
      use_debian
    fi
    ;;
  *) die "BIANPAI_WINDOWS_TOOLCHAIN must be rustup, debian or auto (is $WAY)" ;;
esac

# 3. The exe: from the cache, or built.
key_inputs() {
  local list=(src templates 'samples/*/event.toml' Cargo.toml Cargo.lock scripts/build-windows.sh
    tests/windows/bcryptprimitives.c)
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z -- "${list[@]}"
  else
    # Not a git checkout (an unpacked archive): every file there.
    find src templates samples/*/event.toml Cargo.toml Cargo.lock scripts/build-windows.sh \
      tests/windows/bcryptprimitives.c -type f -print0
  fi
}
KEY=$( {
  key_inputs | sort -z | xargs -0 sha256sum
  echo "$WAY"
  echo "$RUSTC_FOR_KEY"
} | sha256sum | cut -c1-16)
BUILT="$TARGET_DIR/$TARGET/release/bianpai.exe"
CACHED="$EXE_CACHE/$KEY/bianpai.exe"
if [ "$EXE_CACHE" != off ] && [ -s "$CACHED" ]; then
  say "cache hit ($KEY): $CACHED"
  EXE="$CACHED"
else
  say "building bianpai.exe ($WAY toolchain, key $KEY) in $TARGET_DIR"
  start=$(date +%s)
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER="$LINKER" \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=symbols \
    "${CARGO_CMD[@]}" build --release --locked --bin bianpai --target "$TARGET" \
    --target-dir "$TARGET_DIR" "${BUILD_STD[@]}" >&2 || die "cargo build for $TARGET failed (see above)"
  say "built in $(($(date +%s) - start)) s"
  [ -s "$BUILT" ] || die "cargo finished but $BUILT is missing"
  EXE="$BUILT"
  if [ "$EXE_CACHE" != off ]; then
    mkdir -p "$EXE_CACHE/$KEY"
    cp "$BUILT" "$CACHED.tmp" && mv "$CACHED.tmp" "$CACHED"
    EXE="$CACHED"
  fi
fi
say "bianpai.exe: $(stat -c %s "$EXE") bytes"

# 4. The wine test copy: the exe with the bcryptprimitives.dll stand-in beside it.
if [ "$WANT_WINE" -eq 1 ]; then
  need_packages wine64
  WINE=/usr/lib/wine/wine64
  [ -x "$WINE" ] || cannot "wine64 installed, but $WINE is missing"
  RUN_DIR="$TARGET_DIR/wine-run"
  mkdir -p "$RUN_DIR"
  "$LINKER" -shared -O2 -s -o "$RUN_DIR/bcryptprimitives.dll" tests/windows/bcryptprimitives.c -ladvapi32 ||
    die "could not build the bcryptprimitives.dll stand-in"
  cp "$EXE" "$RUN_DIR/bianpai.exe"
  export WINEPREFIX="${WINEPREFIX:-$CACHE_ROOT/wineprefix}" WINEDEBUG=-all
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    say "creating the wine prefix $WINEPREFIX"
    "$WINE" wineboot --init </dev/null >/dev/null 2>&1 || true
  fi
  # The system's CJK fonts (fonts-wqy-zenhei) copied into the prefix's Fonts folder, so that the
  # exe finds the font the Linux build draws the pictures of out/web/ with (tests/windows_exe.rs
  # compares every byte of the two runs).
  FONTS="$WINEPREFIX/drive_c/windows/Fonts"
  mkdir -p "$FONTS"
  fc-list :lang=zh file 2>/dev/null | sed 's/:[[:space:]]*$//' | sort -u | while read -r font; do
    if [ -f "$font" ] && ! cmp -s "$font" "$FONTS/$(basename "$font")"; then
      cp -f "$font" "$FONTS/"
    fi
  done
  "$WINE" "$RUN_DIR/bianpai.exe" templates </dev/null >/dev/null ||
    die "bianpai.exe does not start under wine64 (WINEPREFIX=$WINEPREFIX)"
  EXE_OUT="$RUN_DIR/bianpai.exe"
else
  EXE_OUT="$EXE"
fi

# 5. The release folder and its zip.
if [ "$WANT_DIST" -eq 1 ]; then
  DIST="$ROOT/dist/bianpai-windows-x86_64"
  rm -rf "$DIST" "$DIST.zip"
  mkdir -p "$DIST/templates"
  cp "$EXE" "$DIST/bianpai.exe"
  # Notepad reads UTF-8 with a byte order mark and CRLF line ends on every Windows version.
  { printf '\xef\xbb\xbf'; sed 's/$/\r/' scripts/windows/使用说明.txt; } >"$DIST/使用说明.txt"
  # The templates as built into the exe, byte for byte (to read; `init` writes them).
  cp templates/*.toml "$DIST/templates/"
  (cd "$ROOT/dist" && python3 -m zipfile -c bianpai-windows-x86_64.zip bianpai-windows-x86_64/) ||
    cannot "could not zip the release folder (python3 is needed)"
  say "release folder: $DIST ($(du -sh "$DIST" | cut -f1)); zip: $DIST.zip ($(stat -c %s "$DIST.zip") bytes)"
fi

echo "$EXE_OUT"
