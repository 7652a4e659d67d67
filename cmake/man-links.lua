-- pandoc filter for the man pages (cmake/man.cmake): a link to another
-- docs/ page (`[run.md](run.md)`, `docs/daemon.md`) reads as a man page
-- reference, `oomlens-run(1)`; other links keep their text and address.
local function page_of(target)
  local name = target:match("^[%w./]*/?([%w-]+)%.md$")
  if not name then return nil end
  if name == "oomlens" then return "oomlens(1)" end
  return "oomlens-" .. name .. "(1)"
end

function Link(el)
  local page = page_of(el.target)
  if page then return pandoc.Strong({pandoc.Str(page)}) end
  return nil
end

function Code(el)
  local page = page_of(el.text)
  if page then return pandoc.Strong({pandoc.Str(page)}) end
  return nil
end

-- A plain `docs/run.md` in running text (with its punctuation around it).
function Str(el)
  local text, n = el.text:gsub("docs/([%w-]+)%.md", function(name)
    if name == "oomlens" then return "oomlens(1)" end
    return "oomlens-" .. name .. "(1)"
  end)
  if n > 0 then return pandoc.Str(text) end
  return nil
end
