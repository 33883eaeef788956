#!/usr/bin/perl
# nonblock-pipe.pl COMMAND [ARG]...: runs COMMAND with standard output on a
# pipe whose write end is O_NONBLOCK (as a parent may leave it), reads it
# slowly so that the pipe fills up and write(2) gets EAGAIN, and prints
# "BYTES STATUS": how many bytes came through and COMMAND's exit status
# (128+N when killed by signal N).  The bytes read go to $NONBLOCK_COPY when
# that is set.
use strict;
use warnings;
use Fcntl qw(F_GETFL F_SETFL O_NONBLOCK);

pipe(my $r, my $w) or die "pipe: $!";
my $flags = fcntl($w, F_GETFL, 0) or die "fcntl: $!";
fcntl($w, F_SETFL, $flags | O_NONBLOCK) or die "fcntl: $!";
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
select(undef, undef, undef, 0.2);	# let the pipe fill (perl-base has no HiRes)
my ($total, $reads, $buf) = (0, 0);
while (my $n = sysread($r, $buf, 4096)) {
	$total += $n;
	print $copy $buf if $copy;
	select(undef, undef, undef, 0.001) if ++$reads % 16 == 0;	# slower than the writer
}
waitpid($pid, 0);
my $status = $? & 127 ? 128 + ($? & 127) : $? >> 8;
print "$total $status\n";
