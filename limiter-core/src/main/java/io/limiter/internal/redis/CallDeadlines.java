package io.limiter.internal.redis;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fails the calls still unanswered at their deadline, for a client whose own timeout settings do not. Calls that
 * start within the same millisecond with the same deadline share one scheduled task, which fails those of them still
 * unanswered one millisecond after the deadline of the first (so none before its own): a task per millisecond rather
 * than a task scheduled and cancelled per call, each of which took the scheduler's lock twice. An answered call is
 * not taken out; its group forgets it when the task has run.
 */
final class CallDeadlines {

	private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private final ScheduledExecutorService timer;

	private final AtomicReference<Group> current = new AtomicReference<>();

	CallDeadlines(ScheduledExecutorService timer) {
		this.timer = timer;
	}

	/**
	 * Fails a call that is still unanswered after its deadline (at most one millisecond after).
	 * @param call the call, just sent
	 * @param deadlineMillis its deadline from now
	 */
	void bound(Deadlined call, long deadlineMillis) {
		long tick = System.nanoTime() / TICK_NANOS;
		while (true) {
			Group group = this.current.get();
			if (group != null && group.tick == tick && group.deadlineMillis == deadlineMillis && group.add(call)) {
				return;
			}
			Group next = new Group(tick, deadlineMillis, call);
			if (this.current.compareAndSet(group, next)) {
				schedule(next);
				return;
			}
		}
	}

	private void schedule(Group group) {
		try {
			this.timer.schedule(group::expire, group.deadlineMillis + 1, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			group.reject(ex);
		}
	}

	/** A call that a deadline can fail. */
	interface Deadlined {

		/**
		 * Fails the call as timed out, unless it was answered.
		 */
		void expire();

		/**
		 * Fails the call with the reason no deadline could be set, unless it was answered.
		 * @param reason why
		 */
		void reject(RuntimeException reason);

	}

	/** The calls of one millisecond and one deadline: a list that only grows until its task takes it. */
	private static final class Group {

		private final long tick;

		private final long deadlineMillis;

		private final AtomicReference<Node> head;

		Group(long tick, long deadlineMillis, Deadlined first) {
			this.tick = tick;
			this.deadlineMillis = deadlineMillis;
			this.head = new AtomicReference<>(new Node(first, null));
		}

		/** Adds a call, unless the task has already taken the list. */
		boolean add(Deadlined call) {
			while (true) {
				Node first = this.head.get();
				if (first == Node.TAKEN) {
					return false;
				}
				if (this.head.compareAndSet(first, new Node(call, first))) {
					return true;
				}
			}
		}

		void expire() {
			for (Node node = this.head.getAndSet(Node.TAKEN); node != null && node != Node.TAKEN; node = node.next) {
				node.call.expire();
			}
		}

		void reject(RuntimeException reason) {
			for (Node node = this.head.getAndSet(Node.TAKEN); node != null && node != Node.TAKEN; node = node.next) {
				node.call.reject(reason);
			}
		}

	}

	private record Node(Deadlined call, Node next) {

		static final Node TAKEN = new Node(null, null);

	}

}
