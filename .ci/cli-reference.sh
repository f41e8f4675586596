#!/usr/bin/env bash
# Regenerates docs/cli.md from the built command's help: the page's text above "## `clarq`" is kept, every command's
# section below it is the output of `clarq COMMAND --help`, in the order the commands list them.
# Run from the project root after `mvn -B -q package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=examples/target/clarq.jar
page=docs/cli.md
commands() {   # the subcommands the help of "$@" lists, one per line
  java -jar "$jar" "$@" --help | sed -n '/^Commands:/,$p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p; s/^  \([a-z][a-z-]*\)$/\1/p'
}
section() {
  printf '## `%s`\n\n```\n' "$(echo clarq "$@" | sed 's/ *$//')"
  java -jar "$jar" "$@" --help
  printf '```\n\n'
}
walk() {
  section "$@"
  local sub
  for sub in $(commands "$@"); do
    [ "$sub" = help ] && continue
    walk "$@" "$sub"
  done
}
{
  sed '/^## `clarq`$/,$d' "$page"
  walk
} > "$page.new"
sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$page.new"
mv "$page.new" "$page"
