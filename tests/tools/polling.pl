# Sourced (require) by nonblock-pipe.pl and nonblock-stdin.pl: whether a
# process waits in poll(2), read from /proc, for the tests of descriptors
# a parent left non-blocking.
use strict;
use warnings;
use POSIX qw(WNOHANG);

# poll(2) and ppoll(2) as /proc/PID/syscall shows them: x86_64's numbers
# (also what qemu-user makes for a foreign binary), then i386's, which a
# 32-bit process on an x86_64 kernel shows.
my %POLL_CALLS = map { $_ => 1 } (7, 271, 168, 309);

# The pids of $pid and of every process below it, from /proc/*/stat.
sub process_tree {
	my ($root) = @_;
	my %children;
	for my $stat (glob '/proc/[0-9]*/stat') {
		open(my $fh, '<', $stat) or next;
		my $line = <$fh> // next;
		push @{$children{$2}}, $1 if $line =~ /^(\d+) \(.*\) \S+ (\d+)/s;
	}
	my @tree = ($root);
	for (my $i = 0; $i < @tree; $i++) {
		push @tree, @{$children{$tree[$i]} // []};
	}
	return @tree;
}

# True when a thread of $pid's tree is blocked in poll(2): the tool polls
# only after write(2) or read(2) said EAGAIN.
sub polling {
	my ($pid) = @_;
	for my $p (process_tree($pid)) {
		for my $task (glob "/proc/$p/task/*/syscall") {
			open(my $fh, '<', $task) or next;
			my $line = <$fh> // next;
			return 1 if $line =~ /^(\d+) / && $POLL_CALLS{$1};
		}
	}
	return 0;
}

# Waits until a thread of $pid's tree waits in poll(2) (returns 1), or
# $pid has ended (returns 0, its status kept in $?): no deadline, only
# the state of the processes.
sub wait_for_poll {
	my ($pid) = @_;
	until (polling($pid)) {
		return 0 if waitpid($pid, WNOHANG) == $pid;
		select(undef, undef, undef, 0.01);
	}
	return 1;
}

1;
