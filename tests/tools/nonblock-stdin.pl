#!/usr/bin/perl
# nonblock-stdin.pl FILE COMMAND [ARG]...: runs COMMAND with standard input
# on an empty pipe whose read end is O_NONBLOCK (as a parent may leave
# it), writes FILE's bytes into the pipe only once COMMAND has found it
# empty (read(2) said EAGAIN) and waits in poll(2), however slow or fast
# the machine, then closes it.  COMMAND's standard output and error are
# this script's.  Exits with COMMAND's status (128+N when killed by
# signal N); when COMMAND ends before it waits, FILE is never written.
use strict;
use warnings;
use Fcntl qw(F_GETFL F_SETFL O_NONBLOCK);

use FindBin;
require "$FindBin::Bin/polling.pl";

my $file = shift @ARGV // die "usage: nonblock-stdin.pl FILE COMMAND [ARG]...\n";
open(my $in, '<', $file) or die "$file: $!";
binmode $in;
my $text = do { local $/; <$in> } // '';
close $in;

pipe(my $r, my $w) or die "pipe: $!";
my $flags = fcntl($r, F_GETFL, 0) or die "fcntl: $!";
fcntl($r, F_SETFL, $flags | O_NONBLOCK) or die "fcntl: $!";
my $pid = fork() // die "fork: $!";
if ($pid == 0) {
	close $w;
	open(STDIN, '<&', $r) or die "dup: $!";
	exec(@ARGV) or die "exec $ARGV[0]: $!";
}
close $r;
if (wait_for_poll($pid)) {
	# A blocking write end: all of it goes in, however much the pipe holds.
	binmode $w;
	local $SIG{PIPE} = 'IGNORE';
	print $w $text;
	close $w;
	waitpid($pid, 0);
} else {
	close $w;
}
exit($? & 127 ? 128 + ($? & 127) : $? >> 8);
