#!/usr/bin/perl
# nonblock-pipe.pl COMMAND [ARG]...: runs COMMAND with standard output on a
# pipe whose write end is O_NONBLOCK (as a parent may leave it), reads
# nothing until the writer has found the pipe full (write(2) said EAGAIN)
# and waits in poll(2), however slow or fast the machine, then reads it
# slowly, and prints
# "BYTES STATUS": how many bytes came through and COMMAND's exit status
# (128+N when killed by signal N).  The bytes read go to $NONBLOCK_COPY when
# that is set.  With NONBLOCK_ROOM=N, the pipe is shrunk to two pages and
# holds all of it but N bytes before COMMAND starts, so that even a short
# text meets a full pipe; those bytes are read back first and not counted.
use strict;
use warnings;
use Fcntl qw(F_GETFL F_SETFL O_NONBLOCK);

use FindBin;
require "$FindBin::Bin/polling.pl";

# Linux's F_SETPIPE_SZ and F_GETPIPE_SZ, which Perl's Fcntl lacks.
use constant { F_SETPIPE_SZ => 1031, F_GETPIPE_SZ => 1032 };

pipe(my $r, my $w) or die "pipe: $!";
my $flags = fcntl($w, F_GETFL, 0) or die "fcntl: $!";
fcntl($w, F_SETFL, $flags | O_NONBLOCK) or die "fcntl: $!";
my $filled = 0;
if (defined $ENV{NONBLOCK_ROOM}) {
	fcntl($w, F_SETPIPE_SZ, 8192) or die "F_SETPIPE_SZ: $!";
	my $size = fcntl($w, F_GETPIPE_SZ, 0) or die "F_GETPIPE_SZ: $!";
	$filled = $size - $ENV{NONBLOCK_ROOM};
	syswrite($w, 'x' x $filled) == $filled or die "cannot fill the pipe: $!";
}
my $pid = fork() // die "fork: $!";
if ($pid == 0) {
	close $r;
	open(STDOUT, '>&', $w) or die "dup: $!";
	exec(@ARGV) or die "exec $ARGV[0]: $!";
}
close $w;
my $copy;
if (defined $ENV{NONBLOCK_COPY}) {
	open($copy, '>', $ENV{NONBLOCK_COPY}) or die "$ENV{NONBLOCK_COPY}: $!";
	binmode $copy;
}
binmode $r;
my $ended = !wait_for_poll($pid);
my ($total, $reads, $buf) = (0, 0);
while ($filled > 0) {
	my $n = sysread($r, $buf, $filled) or die "cannot read the filling back: $!";
	$filled -= $n;
}
while (my $n = sysread($r, $buf, 4096)) {
	$total += $n;
	print $copy $buf if $copy;
	select(undef, undef, undef, 0.001) if ++$reads % 16 == 0;	# slower than the writer
}
waitpid($pid, 0) unless $ended;
my $status = $? & 127 ? 128 + ($? & 127) : $? >> 8;
print "$total $status\n";
