//! The pass registry: which passes a tool offers, in registration order.

use super::{Pass, PassOption};
use std::fmt::Write as _;

/// The static description of a registered pass, read from it at registration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassInfo {
    /// The command-line argument (`cse`).
    pub argument: &'static str,
    /// The display name (`CSE`).
    pub name: &'static str,
    /// One line of description.
    pub description: &'static str,
    /// The value the flag accepts, if any.
    pub option: Option<PassOption>,
}

impl PassInfo {
    /// The flag as `--help` and the docs spell it: `--verify-broadcast[=check|refine]`.
    pub fn flag(&self) -> String {
        let mut s = format!("--{}", self.argument);
        if let Some(option) = &self.option {
            let values: Vec<&str> = option.values.iter().map(|(v, _)| *v).collect();
            let _ = write!(s, "[={}]", values.join("|"));
        }
        s
    }
}

/// Why a pass could not be registered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// Another pass has the same argument.
    #[error("a pass with argument '{0}' is already registered")]
    Duplicate(&'static str),
    /// The argument is not a flag name (lower-case letters, digits and `-`, starting
    /// with a letter).
    #[error("pass argument '{0}' is not a flag name (lower-case letters, digits and '-')")]
    BadArgument(&'static str),
    /// The option lists no values, or its default is not one of them.
    #[error("the option of pass '{0}' must list its default among its values")]
    BadOption(&'static str),
}

type Factory = Box<dyn Fn() -> Box<dyn Pass> + Send + Sync>;

struct Entry {
    info: PassInfo,
    create: Factory,
}

/// The passes a tool offers, in registration order (the order of `--help` and the
/// docs).
#[derive(Default)]
pub struct PassRegistry {
    entries: Vec<Entry>,
}

impl std::fmt::Debug for PassRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info.argument))
            .finish()
    }
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        PassRegistry::default()
    }

    /// Registers pass `P`, created with [`Default`] for each run.
    ///
    /// # Errors
    /// As [`PassRegistry::register_with`].
    pub fn register<P: Pass + Default + 'static>(&mut self) -> Result<&mut Self, RegistryError> {
        self.register_with(|| Box::new(P::default()))
    }

    /// Registers a pass made by `create` (called once now for its description, then
    /// once per run).
    ///
    /// # Errors
    /// [`RegistryError`] if the argument is taken or malformed, or the option has no
    /// valid default; nothing is registered then.
    pub fn register_with(
        &mut self,
        create: impl Fn() -> Box<dyn Pass> + Send + Sync + 'static,
    ) -> Result<&mut Self, RegistryError> {
        let pass = create();
        let info = PassInfo {
            argument: pass.argument(),
            name: pass.name(),
            description: pass.description(),
            option: pass.option(),
        };
        let arg = info.argument;
        let well_formed = arg.starts_with(|c: char| c.is_ascii_lowercase())
            && arg
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !well_formed {
            return Err(RegistryError::BadArgument(arg));
        }
        if self.info(arg).is_some() {
            return Err(RegistryError::Duplicate(arg));
        }
        if let Some(option) = &info.option
            && !option.values.iter().any(|(v, _)| *v == option.default)
        {
            return Err(RegistryError::BadOption(arg));
        }
        self.entries.push(Entry {
            info,
            create: Box::new(create),
        });
        Ok(self)
    }

    /// The registered passes, in registration order.
    pub fn infos(&self) -> impl ExactSizeIterator<Item = &PassInfo> {
        self.entries.iter().map(|e| &e.info)
    }

    /// The pass registered under `argument`.
    pub fn info(&self, argument: &str) -> Option<&PassInfo> {
        self.entries
            .iter()
            .find(|e| e.info.argument == argument)
            .map(|e| &e.info)
    }

    /// A new instance of the pass `argument`, configured with `value` (or the
    /// option's default when the pass has an option and `value` is `None`).
    ///
    /// # Errors
    /// A message if no pass has that argument or the value is refused.
    pub fn create(&self, argument: &str, value: Option<&str>) -> Result<Box<dyn Pass>, String> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.info.argument == argument)
            .ok_or_else(|| format!("no pass is registered as '{argument}'"))?;
        let mut pass = (entry.create)();
        match (entry.info.option, value) {
            (Some(option), value) => pass.set_option(value.unwrap_or(option.default))?,
            (None, Some(value)) => {
                return Err(format!("pass '{argument}' takes no option (got '{value}')"));
            }
            (None, None) => {}
        }
        Ok(pass)
    }

    /// The passes as Markdown: a table of flags, then a section per pass with its
    /// option values.
    pub fn markdown(&self) -> String {
        let mut s = String::from("| flag | name | description |\n| --- | --- | --- |\n");
        for info in self.infos() {
            let _ = writeln!(
                s,
                "| [`{}`](#{}) | `{}` | {} |",
                info.flag().replace('|', "\\|"),
                info.argument,
                info.name,
                info.description.replace('|', "\\|")
            );
        }
        for info in self.infos() {
            let _ = write!(
                s,
                "\n## {arg}\n\n`{flag}` ({name}): {desc}\n",
                arg = info.argument,
                flag = info.flag(),
                name = info.name,
                desc = info.description
            );
            if let Some(option) = &info.option {
                let _ = writeln!(s, "\nValues of `{}`:\n", option.value_name);
                for (value, meaning) in option.values {
                    let default = if *value == option.default {
                        " (the default)"
                    } else {
                        ""
                    };
                    let _ = writeln!(s, "- `{value}`{default}: {meaning}");
                }
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::PassOutcome;
    use crate::{Context, Diagnostics, Module};

    struct Named(&'static str, Option<PassOption>);

    impl Pass for Named {
        fn argument(&self) -> &'static str {
            self.0
        }
        fn name(&self) -> &'static str {
            "Named"
        }
        fn description(&self) -> &'static str {
            "A | pass"
        }
        fn option(&self) -> Option<PassOption> {
            self.1
        }
        fn set_option(&mut self, value: &str) -> Result<(), String> {
            if value == "bad" {
                Err("bad value".into())
            } else {
                Ok(())
            }
        }
        fn run(&mut self, _: &mut Context, _: &mut Module) -> Result<PassOutcome, Diagnostics> {
            Ok(PassOutcome::unchanged())
        }
    }

    const MODE: PassOption = PassOption {
        value_name: "mode",
        values: &[("fast", "quickly"), ("slow", "carefully")],
        default: "fast",
    };

    #[test]
    fn refuses_duplicates_bad_names_and_bad_options() {
        let mut r = PassRegistry::new();
        r.register_with(|| Box::new(Named("a-1", None))).unwrap();
        assert_eq!(
            r.register_with(|| Box::new(Named("a-1", None))).err(),
            Some(RegistryError::Duplicate("a-1"))
        );
        for bad in ["", "-a", "A", "a b", "a=b", "1a"] {
            assert_eq!(
                r.register_with(move || Box::new(Named(bad, None))).err(),
                Some(RegistryError::BadArgument(bad)),
                "{bad:?}"
            );
        }
        const NO_DEFAULT: PassOption = PassOption {
            default: "medium",
            ..MODE
        };
        assert_eq!(
            r.register_with(|| Box::new(Named("b", Some(NO_DEFAULT))))
                .err(),
            Some(RegistryError::BadOption("b"))
        );
        assert_eq!(r.infos().len(), 1);
    }

    #[test]
    fn creates_with_options() {
        let mut r = PassRegistry::new();
        r.register_with(|| Box::new(Named("plain", None)))
            .unwrap()
            .register_with(|| Box::new(Named("moded", Some(MODE))))
            .unwrap();
        assert!(r.create("plain", None).is_ok());
        assert!(r.create("plain", Some("x")).is_err());
        assert!(r.create("moded", None).is_ok());
        assert!(r.create("moded", Some("slow")).is_ok());
        assert_eq!(
            r.create("moded", Some("bad")).err().as_deref(),
            Some("bad value")
        );
        assert!(r.create("missing", None).is_err());
    }

    #[test]
    fn markdown_lists_flags_names_and_values() {
        let mut r = PassRegistry::new();
        r.register_with(|| Box::new(Named("moded", Some(MODE))))
            .unwrap();
        assert_eq!(r.info("moded").unwrap().flag(), "--moded[=fast|slow]");
        let md = r.markdown();
        assert!(
            md.contains("| [`--moded[=fast\\|slow]`](#moded) | `Named` | A \\| pass |"),
            "{md}"
        );
        assert!(
            md.contains("- `fast` (the default): quickly\n- `slow`: carefully\n"),
            "{md}"
        );
    }
}
