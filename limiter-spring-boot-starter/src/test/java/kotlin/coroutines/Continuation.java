package kotlin.coroutines;

/**
 * Stands in for Kotlin's {@code Continuation}, which Kotlin compiles as the last parameter of a suspending function,
 * so that a test shows how the aspect treats one without Kotlin on the class path.
 * @param <T> the type of the function's result
 */
public interface Continuation<T> {

}
