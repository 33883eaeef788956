# Bash completion for getrandom(1).  `make install` puts it in the
# bash-completion directory as "getrandom"; to try it: source cli/completion.bash
# File names are completed by bash-completion's _filedir where it is
# loaded, as its own completions do; otherwise the same way with bash's
# compgen alone: no word splitting on blanks, no glob expansion of the
# names found, quoting left to bash (-o filenames).  As with _filedir, a
# name that holds a newline cannot be offered.

_getrandom_options='--bytes= --hex --base64 --random --nonblock --insecure
--timeout= --check --output= --force --threads= --help --version
--base64url --base32 --base16 --no-padding --count= --wrap= --no-newline
--zero-terminated --range= --password= --charset= --uuid --uuid-format=
--ulid --shuffle --sample= --words= --separator= --wordlist= --require= --bits=
--entropy --mode=
--owner= --group='

# _getrandom_values OPTION CUR: fills COMPREPLY with values for OPTION.
_getrandom_values() {
	case $1 in
	-n | --bytes)
		mapfile -t COMPREPLY < <(compgen -W '16 32 64 1K 1M 1G' -- "$2")
		;;
	-C | --count)
		mapfile -t COMPREPLY < <(compgen -W '1 10 100 1000' -- "$2")
		;;
	-w | --wrap)
		mapfile -t COMPREPLY < <(compgen -W '0 64 76' -- "$2")
		;;
	-j | --threads)
		mapfile -t COMPREPLY < <(compgen -W '1 2 4 8 16 32 64 128 256 512 1024' -- "$2")
		;;
	-o | --output | --wordlist)
		_getrandom_files "$2"
		;;
	-t | --timeout | -s | --charset | --require)
		COMPREPLY=()
		;;
	-R | --range)
		mapfile -t COMPREPLY < <(compgen -W '1-6 1-100 0-255' -- "$2")
		;;
	-p | --password)
		mapfile -t COMPREPLY < <(compgen -W '12 16 20 32' -- "$2")
		;;
	--sample)
		mapfile -t COMPREPLY < <(compgen -W '1 2 6 10' -- "$2")
		;;
	--words)
		mapfile -t COMPREPLY < <(compgen -W '4 5 6 7 8' -- "$2")
		;;
	--bits)
		mapfile -t COMPREPLY < <(compgen -W '64 80 128 256' -- "$2")
		;;
	--separator)
		COMPREPLY=()
		;;
	--uuid)
		mapfile -t COMPREPLY < <(compgen -W '4 7' -- "$2")
		;;
	--uuid-format)
		mapfile -t COMPREPLY < <(compgen -W 'canonical hex urn braces upper hex,upper urn,upper braces,upper' -- "$2")
		;;
	-m | --mode)
		mapfile -t COMPREPLY < <(compgen -W '0600 0640 0400 0440' -- "$2")
		;;
	--owner)
		mapfile -t COMPREPLY < <(compgen -u -- "$2")
		;;
	--group)
		mapfile -t COMPREPLY < <(compgen -g -- "$2")
		;;
	*)
		return 1
		;;
	esac
}

# _getrandom_files CUR: fills COMPREPLY with the file names that CUR, as
# typed (quotes and backslashes included), begins.
_getrandom_files() {
	local cur=$1 word
	if declare -F _filedir >/dev/null; then
		_filedir
		return 0
	fi
	compopt -o filenames 2>/dev/null
	# What the user typed, unquoted: an opening quote dropped, \x made x.
	word=${cur#[\"\']}
	word=$(printf '%s' "$word" | sed 's/\\\(.\)/\1/g')
	mapfile -t COMPREPLY < <(compgen -f -- "$word")
}

_getrandom() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' prefix='' joined=''

	if [ "$COMP_CWORD" -gt 0 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 1]}
	fi
	# "--output=FILE": bash splits the word at "=" when COMP_WORDBREAKS
	# has it (the default), so "=" is a word of its own; else it is not.
	if [ "$cur" = "=" ]; then
		cur='' joined=1
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]} joined=1
	elif [[ $cur == --*=* ]]; then
		prefix=${cur%%=*}=
		prev=${cur%%=*}
		cur=${cur#*=}
		joined=1
	fi
	# --uuid's VERSION is optional: only --uuid=7 gives it, never --uuid 7.
	if [ "$prev" = --uuid ] && [ -z "$joined" ]; then
		prev=''
	fi
	if _getrandom_values "$prev" "$cur"; then
		COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
		return 0
	fi

	mapfile -t COMPREPLY < <(compgen -W "$_getrandom_options" -- "$cur")
	if [[ ${COMPREPLY[*]} == *= ]]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}

complete -F _getrandom getrandom
