package io.limiter.samples.demo;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Stands in for a partner's API that allows 2 calls per second: {@code GET /partner/echo} answers {@code echo} and
 * records when each call arrived, so that the spacing of the calls {@link PartnerController} makes can be checked
 * where it matters, at the receiving end.
 */
@RestController
class PartnerEchoController {

	private final List<Long> arrivals = new CopyOnWriteArrayList<>();

	@GetMapping("/partner/echo")
	String echo() {
		this.arrivals.add(System.nanoTime());
		return "echo";
	}

	/** {@return when each call arrived, by {@link System#nanoTime()}, in order of arrival} */
	List<Long> arrivals() {
		return List.copyOf(this.arrivals);
	}

}
