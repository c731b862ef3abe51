# Times the 18xx.games engine's own replay (`Engine::Game.load` on parsed
# JSON) for `railhead bench replay --website DIR`, which starts this script
# once and asks it for one timed load at a time, right after its own replays
# so that both engines are measured under the same load.
#
# Run as: ruby -e "$(this file)" ENGINE_LIB_DIR GAME_DIRS
#   ENGINE_LIB_DIR  the engine checkout's lib/ folder
#   GAME_DIRS       comma-separated game folders to load (g_1849,g_1844):
#                   loading every title costs a minute and is not needed
# Protocol: {"ready": RUBY_DESCRIPTION} once loaded, then one line each
# way: "FILE" in; a JSON object out, either
# {"seconds": S, "result": {player: score}} or {"error": "..."}.
# Engine boot and JSON parsing are not timed (parsed once per file).

require 'json'

lib, games = ARGV
WANTED = games.to_s.split(',')

# The engine loads its titles with the require_all gem's `require_rel`,
# which is usually missing outside the website's bundle. This stands in
# for it: every file under the folders named, skipping the game folders
# not asked for, retrying the files that name a constant not yet defined.
def require_rel(*dirs)
  base = File.dirname(caller_locations(1, 1)[0].path)
  files = dirs.flat_map do |d|
    path = File.expand_path(d, base)
    next ["#{path}.rb"] unless File.directory?(path)

    Dir.glob(File.join(path, '**', '*.rb')).sort.reject do |f|
      folder = f.delete_prefix("#{path}/").split('/').first
      folder.start_with?('g_') && !WANTED.include?(folder)
    end
  end
  until files.empty?
    failed = files.reject do |f|
      require f
      true
    rescue NameError
      false
    end
    raise "cannot load #{failed.first}" if failed.size == files.size

    files = failed
  end
end

# Answers the engine's own `require 'require_all'` with the stand-in.
module Kernel
  alias railhead_require require
  def require(name)
    name == 'require_all' || railhead_require(name)
  end
end
ENV['RACK_ENV'] = 'production' # the engine's logger: fatal only
require File.join(lib, 'engine')
$stdout.sync = true
puts JSON.generate(ready: RUBY_DESCRIPTION)

parsed = {}
$stdin.each_line do |line|
  file = line.strip
  begin
    data = (parsed[file] ||= JSON.parse(File.read(file)))
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    game = Engine::Game.load(data)
    seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
    puts JSON.generate(seconds: seconds, result: game.result.transform_keys(&:to_s))
  rescue StandardError, ScriptError => e
    puts JSON.generate(error: "#{e.class}: #{e.message}")
  end
end
