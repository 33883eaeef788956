#!/usr/bin/perl
# Checks that every message the tool prints passes each string it fills in
# through quote() (cli/quote.c, the one place that formats names), so that
# a name with a newline or an escape sequence cannot forge a line.
#   perl tests/tools/message-names.pl FILE.c...
# Prints "FILE:LINE: why" for each call that breaks the rule and exits 1;
# exits 0 when there is none.  A call is one to err, errx, warn, warnx,
# their v- forms, usage_error, or fprintf/dprintf to standard error; its
# format must be a string literal, and each %s (or %.*s) must be filled by
# one of the forms allowed below.
use strict;
use warnings;

# What may fill a %s, and why it is not a name that needs quoting.
my @allowed = (
	qr/^quote(?:_n)?\s*\(/,		# the one place that quotes names
	qr/^strerror\s*\(/,		# the C library's own text
	qr/^seconds_text\s*\(/,		# a number the tool formatted
);
# FILE => what holds the tool's own text there: option names ("--hex"),
# the reasons it gives for refusing a combination, numbers it formatted.
my %own_text = (
	# The long options an abbreviation starts; the format option given
	# ("--hex"), and an operand parse_size() took: digits, one '+' and a
	# unit's letters, nothing that can forge a line.
	'options.c' => [ 'matches', 'opts->format_option',
			 'opts->format_option + 1', 'operand' ],
	# What a count counts ("password length"), the option a SET was
	# given to ("--require"), a byte count's digits alone, and the name
	# of a class in charset-classes.h.
	'setters.c' => [ 'what', 'option', 'digits', 'set->class_name' ],
	# Which of owner, group and mode the kernel refused.
	'keyfile.c' => [ 'what' ],
	# The names of the options a rule matched, and the rule's own words.
	'rules.c' => [ 'first', 'second', 'r->text', 'req->option' ],
	# The number of seconds seconds_text() wrote there.
	'entropy.c' => [ 'text' ],
	# A noun in the singular or the plural, from the two it is given;
	# the program's name, the --entropy line the tool composed, and the
	# digits of a share that ratio_text() wrote.
	'strength.c' => [ qr/^noun\s*\(/, 'program_invocation_short_name', 'line', 'ratio' ],
	# What cannot hold a time before 1970: "a ULID" or "a UUIDv7".
	'uuid.c' => [ 'what' ],
	# The input a bound is said of (standard input, or its FILE through
	# quote()), the bound, and the option's own limit.
	'shuffle.c' => [ qr/^input_name\s*\(/, 'what', qr/^j->req->shuffle\s*\?/ ],
	# The names of the modes of --help, from help-modes.h.
	'help.c' => [ qr/^xcompose\s*\(\s*print_names/ ],
);
my %callers = map { $_ => 1 } qw(err errx warn warnx verr verrx vwarn vwarnx
	xusage_error fprintf dprintf);
# Calls whose first argument comes before the format.
my %status_first = map { $_ => 1 } qw(err errx verr verrx fprintf dprintf);

my $failures = 0;

sub complain {
	my ($file, $line, $why) = @_;
	print "$file:$line: $why\n";
	$failures++;
}

# The text with every comment blanked and the inside of every string or
# character literal masked with "_", lengths and newlines kept: calls,
# commas and parentheses are then found in code only.
sub masked {
	my ($text) = @_;
	my $out = '';
	while ($text =~ m{\G(?:(/\*.*?\*/|//[^\n]*)|(["'])((?:\\.|(?!\2)[^\\\n])*)\2|(.))}gs) {
		my ($comment, $quote, $inside, $other) = ($1, $2, $3, $4);
		if (defined $comment) {
			$comment =~ s/[^\n]/ /g;
			$out .= $comment;
		} elsif (defined $quote) {
			$inside =~ s/[^\n]/_/g;
			$out .= "$quote$inside$quote";
		} else {
			$out .= $other;
		}
	}
	return $out;
}

# The arguments of the call whose "(" ends at $pos, as [offset, length]
# pairs in the masked text, split at its top-level commas.
sub argument_spans {
	my ($code, $pos) = @_;
	my ($depth, $start, @spans) = (1, $pos);
	for (; $pos < length $code; $pos++) {
		my $c = substr($code, $pos, 1);
		$depth++ if $c eq '(';
		$depth-- if $c eq ')';
		if ($depth == 0 || ($c eq ',' && $depth == 1)) {
			push @spans, [ $start, $pos - $start ];
			$start = $pos + 1;
		}
		last if $depth == 0;
	}
	return @spans;
}

# The string a format argument spells ("a" "b" is "ab"), or undef.
sub literal {
	my ($arg) = @_;
	return undef unless $arg =~ /^(?:"(?:[^"\\]|\\.)*"\s*)+$/s;
	my $text = '';
	$text .= $1 while $arg =~ /"((?:[^"\\]|\\.)*)"/gs;
	return $text;
}

# The arguments each conversion of a format takes: "s" for a string, "n"
# for anything else (a number, or a * width or precision).
sub conversions {
	my ($format) = @_;
	my @kinds;
	while ($format =~ /%[-+ #0]*(\*|\d+)?(?:\.(\*|\d*))?(?:hh|h|ll|l|j|z|t|L)?([a-zA-Z%])/g) {
		next if $3 eq '%' || $3 eq 'm';
		push @kinds, 'n' if defined $1 && $1 eq '*';
		push @kinds, 'n' if defined $2 && $2 eq '*';
		push @kinds, $3 eq 's' ? 's' : 'n';
	}
	return @kinds;
}

sub allowed {
	my ($file, $expr) = @_;
	my ($base) = $file =~ m{([^/]+)$};
	return 1 if grep { $expr =~ $_ } @allowed;
	return 1 if grep { ref $_ ? $expr =~ $_ : $expr eq $_ }
		    @{ $own_text{$base} || [] };
	return 0;
}

sub check_call {
	my ($file, $line, $name, @args) = @_;
	shift @args if $status_first{$name};
	my $format = literal($args[0] // '');
	if (!defined $format) {
		# usage_error() hands its own format, checked at its calls, to vwarnx().
		return if $name eq 'vwarnx' && "@args" eq 'fmt ap';
		complain($file, $line, "$name: the format is not a string literal");
		return;
	}
	my @kinds = conversions($format);
	my @values = @args[1 .. $#args];
	for my $i (0 .. $#kinds) {
		next unless $kinds[$i] eq 's';
		my $expr = $values[$i] // '(missing)';
		complain($file, $line, "$name: %s filled by '$expr', not by quote()")
			unless allowed($file, $expr);
	}
}

for my $file (@ARGV) {
	open my $fh, '<', $file or die "$file: $!\n";
	my $text = do { local $/; <$fh> };
	close $fh;
	my $code = masked($text);
	length $code == length $text or die "$file: cannot mask its literals\n";
	while ($code =~ /\b(\w+)\s*\(/g) {
		my ($name, $pos) = ($1, pos $code);
		next unless $callers{$name};
		my $before = substr($code, 0, $pos);
		my $line = ($before =~ tr/\n//) + 1;
		# Its definition or declaration: "void usage_error(const char *fmt, ...)".
		next if $before =~ /\b(?:void|int)\s+\w+\s*\($/;
		my @args = map {
			my $arg = substr($text, $_->[0], $_->[1]);
			$arg =~ s/^\s+|\s+$//g;
			$arg;
		} argument_spans($code, $pos);
		# fprintf and dprintf are messages only on standard error.
		next if $name =~ /^(?:fprintf|dprintf)$/ &&
			$args[0] !~ /^(?:stderr|2|STDERR_FILENO)$/;
		check_call($file, $line, $name, @args);
	}
}
exit($failures ? 1 : 0);
