# The ports: every Debian release architecture of bookworm and trixie but
# amd64, the host's, and how to tell each one's programs.  Sourced by
# tests/ports.sh, which tests the tool on each, and tests/deb.bats, which
# builds each one's package.
# Each port's name is its Debian architecture's.
ALL_PORTS='i386 arm64 armhf armel mipsel mips64el ppc64el riscv64 s390x'
# The ports make test runs its port files on: one of each kind those files
# can tell apart (32-bit x86, natively where the kernel can; 32-bit and
# 64-bit ARM; s390x, the one big-endian).  On the other five, the same C meets the same word
# sizes and byte order; what sets them apart (MIPS's errno, signal and
# open(2) numbers, armel's soft float) lies in files that need a native
# binary or that the port files leave out.  Each of them still passes
# every file in make check-ports (443 of 625 at the last run, the rest
# needing a native binary), and make test builds it with warnings as
# errors and checks what runs (tests/ports.sh), and builds, lintian-checks
# and smoke-tests its package (tests/deb.bats).  Five more ports' files
# would add some 250 s of qemu-user to every run of make test.
TEST_PORTS='i386 arm64 armhf s390x'

# port_settings PORT: sets cc, machine (the ELF e_machine), class (1: 32-bit,
# 2: 64-bit), flags (bits the ELF header's e_flags must have, where the
# machine alone does not name the port's ABI; else 0), auxv (an ERE for a
# line of the auxiliary vector that only the port's programs have:
# AT_PLATFORM, or what qemu-user sets where it gives no platform),
# emulator and sysroot; unrunnable, where the port's programs cannot run
# here, says why.
port_settings() {
	emulator='' sysroot='' flags=0 unrunnable=''
	case $1 in
	# Natively, where this kernel runs 32-bit x86 programs.  A kernel
	# built without IA32 emulation (or booted with ia32_emulation=off)
	# answers ENOEXEC, and Debian 12's qemu-i386-static is no way round
	# it: it hangs as the build starts its first thread.  There the port
	# is built and its ELF checked, and nothing of it runs (unrunnable
	# says why).
	i386) cc=i686-linux-gnu-gcc machine=3 class=1
	      auxv='^AT_PLATFORM: +i[3-6]86$'
	      i386_runs_here ||
		unrunnable='this kernel runs no i386 program (no IA32 emulation), and qemu-i386 hangs in its threads' ;;
	arm64) cc=aarch64-linux-gnu-gcc machine=183 class=2
	       auxv='^AT_PLATFORM: +aarch64$'
	       emulator=qemu-aarch64-static sysroot=/usr/aarch64-linux-gnu ;;
	# armhf and armel share the machine and the CPU; the float ABI
	# (EF_ARM_ABI_FLOAT_HARD 0x400, _SOFT 0x200) tells them apart.
	armhf) cc=arm-linux-gnueabihf-gcc machine=40 class=1 flags=$((0x400))
	       auxv='^AT_PLATFORM: +v[5-8]l$'
	       emulator=qemu-arm-static sysroot=/usr/arm-linux-gnueabihf ;;
	armel) cc=arm-linux-gnueabi-gcc machine=40 class=1 flags=$((0x200))
	       auxv='^AT_PLATFORM: +v[5-8]l$'
	       emulator=qemu-arm-static sysroot=/usr/arm-linux-gnueabi ;;
	# MIPS: other numbers for errno values, signals and open(2) flags.
	mipsel) cc=mipsel-linux-gnu-gcc machine=8 class=1
	        auxv='^AT_BASE_PLATFORM: +mips32'
	        emulator=qemu-mipsel-static sysroot=/usr/mipsel-linux-gnu ;;
	mips64el) cc=mips64el-linux-gnuabi64-gcc machine=8 class=2
	          auxv='^AT_BASE_PLATFORM: +mips64'
	          emulator=qemu-mips64el-static sysroot=/usr/mips64el-linux-gnuabi64 ;;
	ppc64el) cc=powerpc64le-linux-gnu-gcc machine=21 class=2
	         auxv='^AT_HWCAP: .*\<ppc64\>'
	         emulator=qemu-ppc64le-static sysroot=/usr/powerpc64le-linux-gnu ;;
	# qemu-user gives riscv64 no platform; its AT_HWCAP is the ISA's
	# letters as bits (I, M, A, F, D, C: 0x112d, what Debian's RV64GC needs).
	riscv64) cc=riscv64-linux-gnu-gcc machine=243 class=2
	         auxv='^AT_HWCAP: +112d$'
	         emulator=qemu-riscv64-static sysroot=/usr/riscv64-linux-gnu ;;
	# Big-endian: the one port whose bytes lie the other way round.
	s390x) cc=s390x-linux-gnu-gcc machine=22 class=2
	       auxv='^AT_HWCAP: .*\<zarch\>'
	       emulator=qemu-s390x-static sysroot=/usr/s390x-linux-gnu ;;
	*) echo "tests/ports.sh: unknown port '$1' ($ALL_PORTS)" >&2
	   return 2 ;;
	esac
}

# i386_runs_here: this kernel runs a static i386 program (one made with
# the i386 cross compiler, once a shell); true where no such compiler is
# installed, so that the test that needs it skips naming the package.
i386_runs_here() {
	if [ -z "${I386_RUNS_HERE:-}" ]; then
		local dir
		dir=$(mktemp -d)
		I386_RUNS_HERE=yes
		if printf 'int main(void) { return 0; }\n' |
			i686-linux-gnu-gcc -static -x c -o "$dir/true" - 2>/dev/null; then
			"$dir/true" 2>/dev/null || I386_RUNS_HERE=no
		fi
		rm -rf "$dir"
	fi
	[ "$I386_RUNS_HERE" = yes ]
}

# elf_is FILE CLASS MACHINE FLAGS: FILE is an ELF file of that class and
# machine whose e_flags have every bit of FLAGS, the fields read in the
# byte order its header names (EI_DATA).
elf_is() {
	local order=little at=36 bits
	[ "$(od -An -tu1 -j5 -N1 "$1" | tr -d ' ')" != 2 ] || order=big
	[ "$2" = 1 ] || at=48
	bits=$(od -An -tu4 --endian="$order" -j"$at" -N4 "$1" | tr -d ' ')
	[ "$(head -c 4 "$1")" = $'\x7fELF' ] &&
		[ "$(od -An -tu1 -j4 -N1 "$1" | tr -d ' ')" = "$2" ] &&
		[ "$(od -An -tu2 --endian="$order" -j18 -N2 "$1" | tr -d ' ')" = "$3" ] &&
		[ $((bits & $4)) = "$4" ]
}
