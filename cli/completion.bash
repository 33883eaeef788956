# Bash completion for getrandom(1).  `make install` puts it in the
# bash-completion directory as "getrandom"; to try it: source cli/completion.bash
# Needs nothing but bash's own complete and compgen.

_getrandom_options='--bytes= --hex --base64 --random --nonblock --insecure
--timeout= --check --output= --force --threads= --help --version
--base64url --base32 --base16 --no-padding --count= --wrap= --no-newline
--zero-terminated'

# _getrandom_values OPTION CUR: fills COMPREPLY with values for OPTION.
_getrandom_values() {
	case $1 in
	-n | --bytes)
		COMPREPLY=($(compgen -W '16 32 64 1K 1M 1G' -- "$2"))
		;;
	-C | --count)
		COMPREPLY=($(compgen -W '1 10 100 1000' -- "$2"))
		;;
	-w | --wrap)
		COMPREPLY=($(compgen -W '0 64 76' -- "$2"))
		;;
	-j | --threads)
		COMPREPLY=($(compgen -W "$(echo {1..16})" -- "$2"))
		;;
	-o | --output)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$2"))
		;;
	-t | --timeout)
		COMPREPLY=()
		;;
	*)
		return 1
		;;
	esac
}

_getrandom() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev= prefix=

	if [ "$COMP_CWORD" -gt 0 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 1]}
	fi
	# "--output=FILE": bash splits the word at "=" when COMP_WORDBREAKS
	# has it (the default), so "=" is a word of its own; else it is not.
	if [ "$cur" = "=" ]; then
		cur=
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		prefix=${cur%%=*}=
		prev=${cur%%=*}
		cur=${cur#*=}
	fi
	if _getrandom_values "$prev" "$cur"; then
		COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
		return 0
	fi

	COMPREPLY=($(compgen -W "$_getrandom_options" -- "$cur"))
	if [[ ${COMPREPLY[*]} == *= ]]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}

complete -F _getrandom getrandom
