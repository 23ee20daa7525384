package io.limiter.internal.redis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the {@code redis.call} and {@code redis.pcall} of a Lua script and reports what a server that checks
 * declared keys (Redis Cluster, DragonflyDB, some managed servers) would refuse: a command named by a variable, a
 * key that is not taken from {@code KEYS} as it is (built from {@code ARGV}, joined with {@code ..}, a literal), and
 * a read of the server's {@code TIME} in a script where it is not documented.
 */
final class ScriptKeyCheck {

	/** The commands that take no key; {@code TIME} only where {@link #timeReaders} documents it. */
	static final Set<String> KEYLESS = Set.of("TIME");

	/** The commands whose first argument is their one key. */
	static final Set<String> FIRST_ARGUMENT_IS_THE_KEY = Set.of("GET", "SET", "DEL", "HDEL", "HGETALL", "HSET", "HMGET",
			"ZADD", "ZREM",
			"ZCARD", "ZCOUNT", "ZRANGE", "ZRANGEBYSCORE", "ZREMRANGEBYSCORE", "PEXPIRE");

	private static final Pattern CALL = Pattern.compile("redis\\.p?call\\s*\\(");

	private static final Pattern DECLARED_KEY = Pattern.compile("KEYS\\[[^\\[\\]]+\\]");

	private static final Pattern ALIAS = Pattern.compile("(?m)^\\s*local\\s+(\\w+)\\s*=\\s*(KEYS\\[[^\\[\\]]+\\])\\s*$");

	private final Map<String, String> timeReaders;

	private final Set<String> commands = new LinkedHashSet<>();

	/**
	 * @param timeReaders the scripts allowed to read {@code TIME}, each with the reason
	 */
	ScriptKeyCheck(Map<String, String> timeReaders) {
		this.timeReaders = timeReaders;
	}

	/**
	 * Checks one script.
	 * @param name its resource name
	 * @param source its source
	 * @return what a server that checks keys would refuse, one line each; empty when nothing
	 */
	List<String> problems(String name, String source) {
		String code = withoutComments(source);
		Set<String> aliases = aliases(code);
		List<String> problems = new ArrayList<>();
		for (String alias : aliases) {
			if (Pattern.compile("(?m)^\\s*" + alias + "\\s*=").matcher(code).find()) {
				problems.add(name + ": " + alias + " stands for a key of KEYS but is assigned again");
			}
		}
		Matcher call = CALL.matcher(code);
		while (call.find()) {
			List<String> arguments = arguments(code, call.end());
			String first = arguments.isEmpty() ? "" : arguments.get(0);
			if (!first.matches("'[A-Za-z]+'|\"[A-Za-z]+\"")) {
				problems.add(name + ": a command named by an expression, not a literal: " + first);
				continue;
			}
			String command = first.substring(1, first.length() - 1).toUpperCase();
			this.commands.add(command);
			if (KEYLESS.contains(command)) {
				if (!this.timeReaders.containsKey(name)) {
					problems.add(name + ": reads " + command + " without a documented reason");
				}
			}
			else if (!FIRST_ARGUMENT_IS_THE_KEY.contains(command)) {
				problems.add(name + ": " + command + " is not known to this check: add it with where its keys are");
			}
			else {
				String key = (arguments.size() > 1) ? arguments.get(1) : "";
				if (!DECLARED_KEY.matcher(key).matches() && !aliases.contains(key)) {
					problems.add(name + ": " + command + " on a key not taken from KEYS: " + key);
				}
			}
		}
		return problems;
	}

	/** {@return every command that the checked scripts call, in the order first seen} */
	Set<String> commands() {
		return this.commands;
	}

	private static Set<String> aliases(String code) {
		Set<String> aliases = new LinkedHashSet<>();
		Matcher alias = ALIAS.matcher(code);
		while (alias.find()) {
			aliases.add(alias.group(1));
		}
		return aliases;
	}

	/** The top-level arguments of a call whose opening parenthesis ends just before {@code start}, trimmed. */
	private static List<String> arguments(String code, int start) {
		List<String> arguments = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		int depth = 0;
		char quote = 0;
		for (int i = start; i < code.length(); i++) {
			char c = code.charAt(i);
			if (quote != 0) {
				if (c == quote && code.charAt(i - 1) != '\\') {
					quote = 0;
				}
			}
			else if (c == '\'' || c == '"') {
				quote = c;
			}
			else if (c == '(' || c == '{' || c == '[') {
				depth++;
			}
			else if (c == ')' || c == '}' || c == ']') {
				if (depth == 0) {
					break;
				}
				depth--;
			}
			else if (c == ',' && depth == 0) {
				arguments.add(current.toString().trim());
				current.setLength(0);
				continue;
			}
			current.append(c);
		}
		arguments.add(current.toString().trim());
		return arguments;
	}

	/** The source with each {@code --} comment removed, up to the end of its line, where it is not in a string. */
	private static String withoutComments(String source) {
		StringBuilder code = new StringBuilder(source.length());
		for (String line : source.split("\n", -1)) {
			char quote = 0;
			int end = line.length();
			for (int i = 0; i < line.length(); i++) {
				char c = line.charAt(i);
				if (quote != 0) {
					quote = (c == quote) ? 0 : quote;
				}
				else if (c == '\'' || c == '"') {
					quote = c;
				}
				else if (c == '-' && i + 1 < line.length() && line.charAt(i + 1) == '-') {
					end = i;
					break;
				}
			}
			code.append(line, 0, end).append('\n');
		}
		return code.toString();
	}

}
