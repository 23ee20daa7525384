package com.example.outside;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application as it runs in production, on the Redis that {@code spring.data.redis.*} names: here a
 * {@code redis-server} of the test's own, started before the application and stopped after it.
 * @param redis the server
 * @param application the running application, on a free port
 * @param http a client of the application
 */
record ApplicationOnRedis(LocalRedisServer redis, ConfigurableApplicationContext application, Http http)
		implements AutoCloseable {

	/**
	 * Starts a server, then the application on it.
	 * @param arguments more arguments of the application, such as {@code --name=value}
	 * @return the running application
	 */
	static ApplicationOnRedis start(String... arguments) throws Exception {
		LocalRedisServer redis = LocalRedisServer.start();
		List<String> all = new ArrayList<>(List.of("--server.port=0", "--spring.data.redis.port=" + redis.port()));
		all.addAll(List.of(arguments));
		ConfigurableApplicationContext application;
		try {
			SpringApplication outside = new SpringApplication(OutsideApplication.class);
			// the main class, not the test runner's: with spring.aot.enabled its AOT initializer is looked up by it
			outside.setMainApplicationClass(OutsideApplication.class);
			application = outside.run(all.toArray(String[]::new));
		}
		catch (RuntimeException ex) {
			redis.close();
			throw ex;
		}
		int port = application.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
		return new ApplicationOnRedis(redis, application, new Http("127.0.0.1", port));
	}

	/** {@return the port the application answers on} */
	int port() {
		return this.application.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	@Override
	public void close() throws Exception {
		try {
			this.application.close();
		}
		finally {
			this.redis.close();
		}
	}

}
