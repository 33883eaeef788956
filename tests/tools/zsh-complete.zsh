#!/usr/bin/zsh -f
# What zsh's own completion offers at the end of a command line, one a
# line, sorted: an interactive zsh in a pseudo-terminal (zpty), with
# compinit and the completion functions of DIR, is sent LINE and a Tab.
#   tests/tools/zsh-complete.zsh DIR LINE
# compadd is wrapped to print the matches it adds (the calls that only
# ask, with -O, -A or -D, add nothing: they are passed through).  A key bound after the
# Tab marks the end: the Tab's completion has run by then.
setopt err_exit no_unset
zmodload zsh/zpty
(( $# == 2 )) || { print -u2 "usage: zsh-complete.zsh DIR LINE"; exit 2 }
dir=$1 line=$2
out=$(mktemp)
trap 'rm -f $out $out.done; zpty -d z 2>/dev/null || true' EXIT

zpty z zsh -f -i
zpty -w z "PS1=''; RPS1=''; fpath=(${(q)dir} \$fpath)"
zpty -w z "autoload -Uz compinit && compinit -u -D"
zpty -w z "zstyle ':completion:*' menu no; zstyle ':completion:*' list-prompt ''"
zpty -w z "compadd() {
	local -a matches
	if (( \${@[(I)-[OAD]]} )); then builtin compadd \"\$@\"; return; fi
	builtin compadd -O matches \"\$@\"
	(( \$#matches == 0 )) || print -rl -- \$matches >>${(q)out}
	builtin compadd \"\$@\"
}"
zpty -w z "_mark_done() { print done >${(q)out}.done }; zle -N _mark_done; bindkey '^X' _mark_done"
zpty -w -n z "$line"$'\t\x18'
# Bounded only so that a broken completion cannot hang the suite.
for i in {1..1200}; do
	[[ -e $out.done ]] && break
	sleep 0.05
done
[[ -e $out.done ]] || { print -u2 "zsh-complete.zsh: no answer from zsh"; exit 1 }
sort -u $out
