package io.limiter.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

final class TestSockets {

	private TestSockets() {
	}

	static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	static boolean processAlive(long pid) {
		return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
	}

}
