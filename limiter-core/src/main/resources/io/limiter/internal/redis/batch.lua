-- Several decisions of one algorithm's script of one rate, made in one call, in the order given. RedisScript puts this
-- after that script, wrapped whole (the preamble with it, so each decision reads its own time) as the function
-- decide(KEYS, ARGV) that makes one decision exactly as the script alone does.
-- KEYS[i] the key of decision i; ARGV six arguments per decision, those of the script alone for decision i at
-- ARGV[6 * (i - 1) + 1] to ARGV[6 * i], the sixth the mode ('read-only' for a look, else empty).
-- Returns one element per decision: the script's own answer, or, when that decision failed (a key of another type),
-- its error as a string, so that the decisions before and after it keep their answers as single calls would.
local answers = {}
for i = 1, #KEYS do
  local at = 6 * (i - 1)
  local ok, answer = pcall(decide, {KEYS[i]},
    {ARGV[at + 1], ARGV[at + 2], ARGV[at + 3], ARGV[at + 4], ARGV[at + 5], ARGV[at + 6]})
  if ok then
    answers[i] = answer
  elseif type(answer) == 'table' and answer.err then
    answers[i] = answer.err
  else
    answers[i] = tostring(answer)
  end
end
return answers
